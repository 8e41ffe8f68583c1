import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

@Suite("FeedbinEmulator")
struct FeedbinEmulatorTests {
    let account = EmulatedAccount(username: "alice", password: "secret", email: "alice@example.test")

    private func start() throws -> (FeedbinEmulator, LoopbackServer) {
        let emulator = FeedbinEmulator(store: seededStore(), account: account)
        return (emulator, try LoopbackServer(handler: emulator.handler))
    }

    private func send(_ server: LoopbackServer, _ method: String, _ path: String, json: String? = nil,
                      user: String = "alice@example.test:secret") async throws -> HTTPResponse {
        var request = HTTPRequest(method: method, url: server.url(path), body: json.map { Data($0.utf8) }, followRedirects: false)
        request.headers["Authorization"] = "Basic " + Data(user.utf8).base64EncodedString()
        if json != nil { request.headers["Content-Type"] = "application/json; charset=utf-8" }
        return try await HTTPClient().send(request)
    }

    @Test("authentication.json is 200 for the e-mail and password, 401 otherwise")
    func authentication() async throws {
        let (_, server) = try start()
        defer { server.stop() }
        #expect(try await send(server, "GET", "/v2/authentication.json").status == 200)
        #expect(try await send(server, "GET", "/v2/authentication.json", user: "alice@example.test:nope").status == 401)
    }

    @Test("subscriptions carry their own id beside feed_id; taggings name the folders")
    func structure() async throws {
        let (_, server) = try start()
        defer { server.stop() }
        let subscriptions = jsonArray(try await send(server, "GET", "/v2/subscriptions.json").body) as? [[String: Any]] ?? []
        #expect(subscriptions.count == 3)
        #expect(subscriptions.allSatisfy { ($0["id"] as? Int) != ($0["feed_id"] as? Int) }, "two distinct ids")
        let taggings = jsonArray(try await send(server, "GET", "/v2/taggings.json").body) as? [[String: Any]] ?? []
        #expect(Set(taggings.compactMap { $0["name"] as? String }) == ["Tech", "News"])
    }

    @Test("entries page through the Link header and carry no read state")
    func entriesPaging() async throws {
        let (_, server) = try start()
        defer { server.stop() }
        var path: String? = "/v2/entries.json?per_page=4"
        var ids: [Int] = []
        while let next = path {
            let response = try await send(server, "GET", next)
            #expect(response.headers["X-Feedbin-Record-Count"] == "6")
            let page = jsonArray(response.body) as? [[String: Any]] ?? []
            #expect(page.allSatisfy { $0["read"] == nil && $0["is_read"] == nil }, "state lives in unread_entries")
            ids += page.compactMap { $0["id"] as? Int }
            path = response.headers["Link"]?.split(separator: ",").first { $0.contains("rel=\"next\"") }
                .flatMap { $0.split(separator: "<").last?.split(separator: ">").first }
                .flatMap { URL(string: String($0)) }.map { $0.path + "?" + ($0.query ?? "") }
        }
        #expect(ids.count == 6 && Set(ids).count == 6, "two pages held every entry once")
    }

    @Test("GETs carry an ETag and answer 304 to it until the data changes")
    func conditionalGet() async throws {
        let (emulator, server) = try start()
        defer { server.stop() }
        let first = try await send(server, "GET", "/v2/subscriptions.json")
        let etag = try #require(first.headers["ETag"], "subscriptions carry an ETag")
        var request = HTTPRequest(url: server.url("/v2/subscriptions.json"), headers: ["If-None-Match": etag])
        request.headers["Authorization"] = "Basic " + Data("alice@example.test:secret".utf8).base64EncodedString()
        #expect(try await HTTPClient().send(request).status == 304)
        emulator.store.addFeed(title: "New", feedURL: "http://feeds.test/new.xml")
        #expect(try await HTTPClient().send(request).status == 200, "a changed list has a new ETag")
    }

    @Test("unread and starred id lists change through POST and DELETE")
    func stateLists() async throws {
        let (emulator, server) = try start()
        defer { server.stop() }
        let first = emulator.store.items[0].id
        let unreadBefore = jsonArray(try await send(server, "GET", "/v2/unread_entries.json").body).count
        #expect(unreadBefore == 5)
        _ = try await send(server, "POST", "/v2/unread_entries.json", json: #"{"unread_entries":[\#(first)]}"#)
        #expect(jsonArray(try await send(server, "GET", "/v2/unread_entries.json").body).count == 6)
        _ = try await send(server, "DELETE", "/v2/starred_entries.json", json: #"{"starred_entries":[\#(emulator.store.items[1].id)]}"#)
        #expect(jsonArray(try await send(server, "GET", "/v2/starred_entries.json").body).isEmpty)
    }

    @Test("subscribing: 201 with Location, 302 when already subscribed, 404 when nothing is found, 415 without JSON type")
    func subscribe() async throws {
        let (_, server) = try start()
        defer { server.stop() }
        let created = try await send(server, "POST", "/v2/subscriptions.json", json: #"{"feed_url":"http://feeds.test/podcast/"}"#)
        #expect(created.status == 201)
        #expect(created.headers["Location"]?.contains("/v2/subscriptions/") == true)
        let again = try await send(server, "POST", "/v2/subscriptions.json", json: #"{"feed_url":"http://feeds.test/podcast.rss"}"#)
        #expect(again.status == 302)
        #expect(try await send(server, "POST", "/v2/subscriptions.json", json: #"{"feed_url":"http://nothing.test/"}"#).status == 404)
        var plain = HTTPRequest(method: "POST", url: server.url("/v2/subscriptions.json"), body: Data("{}".utf8))
        plain.headers["Authorization"] = "Basic " + Data("alice@example.test:secret".utf8).base64EncodedString()
        plain.headers["Content-Type"] = "text/plain"
        #expect(try await HTTPClient().send(plain).status == 415)
    }
}

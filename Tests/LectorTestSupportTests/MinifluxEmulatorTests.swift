import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

@Suite("MinifluxEmulator")
struct MinifluxEmulatorTests {
    let account = EmulatedAccount(username: "alice", password: "secret")

    private func start() throws -> (MinifluxEmulator, LoopbackServer) {
        let emulator = MinifluxEmulator(store: seededStore(defaultFolder: "All"), account: account, apiKey: "key-1")
        return (emulator, try LoopbackServer(handler: emulator.handler))
    }

    private func send(_ server: LoopbackServer, _ method: String, _ path: String, json: String? = nil,
                      headers: HTTPHeaders = ["X-Auth-Token": "key-1"]) async throws -> HTTPResponse {
        var request = HTTPRequest(method: method, url: server.url(path), headers: headers, body: json.map { Data($0.utf8) })
        if json != nil { request.headers["Content-Type"] = "application/json" }
        return try await HTTPClient().send(request)
    }

    @Test("X-Auth-Token and Basic both authenticate; anything else is 401 with a JSON error")
    func authentication() async throws {
        let (_, server) = try start()
        defer { server.stop() }
        #expect(try await send(server, "GET", "/v1/me").status == 200)
        let basic = "Basic " + Data("alice:secret".utf8).base64EncodedString()
        #expect(try await send(server, "GET", "/v1/me", headers: ["Authorization": basic]).status == 200)
        let denied = try await send(server, "GET", "/v1/me", headers: ["X-Auth-Token": "wrong"])
        #expect(denied.status == 401)
        #expect(jsonObject(denied.body)["error_message"] as? String == "access unauthorized")
        #expect(jsonObject(try await send(server, "GET", "/v1/version").body)["version"] as? String == "2.3.3")
    }

    @Test("mark-all-as-read answers as recorded (161–168): 204 per feed, category and user; unknown feed 404, another user 403; an entry dated after the request stays unread")
    func markAllAsRead() async throws {
        let (emulator, server) = try start()
        defer { server.stop() }
        let tech = try #require(emulator.store.feeds.first { $0.title == "Tech & Co" }).id
        let news = try #require(emulator.store.folders.first { $0.name == "News" }).id
        let future = emulator.store.addItem(feed: tech, title: "Tomorrow", url: "http://feeds.test/tomorrow",
                                            published: Int64(Date().timeIntervalSince1970) + 86_400)
        func unread() -> [String] { emulator.store.items.filter { !$0.read }.map(\.title).sorted() }
        let feed = try await send(server, "PUT", "/v1/feeds/\(tech)/mark-all-as-read")
        #expect(feed.status == 204 && feed.body.isEmpty)
        #expect(unread() == ["Item 2", "Item 3", "Item 4", "Item 5", "Tomorrow"], "feed 1 marked up to now only: \(unread())")
        let unknown = try await send(server, "PUT", "/v1/feeds/9999/mark-all-as-read")
        #expect(unknown.status == 404 && jsonObject(unknown.body)["error_message"] as? String == "resource not found")
        #expect(try await send(server, "PUT", "/v1/categories/\(news)/mark-all-as-read").status == 204)
        #expect(unread() == ["Item 2", "Item 3", "Tomorrow"], "category News marked: \(unread())")
        let other = try await send(server, "PUT", "/v1/users/9999/mark-all-as-read")
        #expect(other.status == 403 && jsonObject(other.body)["error_message"] as? String == "access forbidden")
        #expect(try await send(server, "PUT", "/v1/users/1/mark-all-as-read").status == 204)
        #expect(unread() == ["Tomorrow"], "everything published before the request is read, the later one is not: \(unread())")
        #expect(emulator.store.items.first { $0.id == future }?.read == false)
    }

    @Test("deleting a category deletes its feeds and their entries")
    func categoryDeleteCascades() async throws {
        let (emulator, server) = try start()
        defer { server.stop() }
        let created = try await send(server, "POST", "/v1/categories", json: #"{"title":"Later"}"#)
        #expect(created.status == 201)
        #expect(try await send(server, "POST", "/v1/categories", json: #"{"title":"Later"}"#).status == 400, "duplicate title")
        let tech = try #require(emulator.store.folders.first { $0.name == "Tech" })
        let renamed = try await send(server, "PUT", "/v1/categories/\(tech.id)", json: #"{"title":"Technology"}"#)
        #expect(renamed.status == 201)
        #expect(try await send(server, "DELETE", "/v1/categories/\(tech.id)").status == 204)
        #expect(emulator.store.feeds.count == 1, "both Tech feeds are gone")
        #expect(emulator.store.items.count == 2, "their four entries are gone")
    }

    @Test("creating a feed needs an exact feed URL; duplicates are 400; rename and move answer 201")
    func feedCRUD() async throws {
        let (emulator, server) = try start()
        defer { server.stop() }
        let news = try #require(emulator.store.folders.first { $0.name == "News" })
        let created = try await send(server, "POST", "/v1/feeds",
                                     json: #"{"feed_url":"http://feeds.test/podcast.rss","category_id":\#(news.id)}"#)
        #expect(created.status == 201)
        let feedID = try #require(jsonObject(created.body)["feed_id"] as? Int)
        #expect(try await send(server, "POST", "/v1/feeds", json: #"{"feed_url":"http://feeds.test/podcast.rss"}"#).status == 400)
        #expect(try await send(server, "POST", "/v1/feeds", json: #"{"feed_url":"http://feeds.test/podcast/"}"#).status == 500,
                "a site URL is not discovered")
        let moved = try await send(server, "PUT", "/v1/feeds/\(feedID)", json: #"{"title":"Pod","category_id":1}"#)
        #expect(moved.status == 201)
        #expect((jsonObject(moved.body)["category"] as? [String: Any])?["id"] as? Int == 1)
        #expect(try await send(server, "DELETE", "/v1/feeds/\(feedID)").status == 204)
        #expect(try await send(server, "GET", "/v1/feeds/\(feedID)").status == 404)
    }

    @Test("entries filter by status and starred and page with limit/offset; total ignores paging")
    func entries() async throws {
        let (_, server) = try start()
        defer { server.stop() }
        let unread = jsonObject(try await send(server, "GET", "/v1/entries?status=unread&limit=2&offset=1&order=id").body)
        #expect(unread["total"] as? Int == 5)
        #expect((unread["entries"] as? [Any])?.count == 2)
        let starred = jsonObject(try await send(server, "GET", "/v1/entries?starred=true").body)
        #expect(starred["total"] as? Int == 1)
        #expect(try await send(server, "GET", "/v1/entries?limit=5000").status == 400)
    }

    @Test("PUT /v1/entries sets status; the bookmark endpoint toggles, so two calls undo each other")
    func stateChanges() async throws {
        let (emulator, server) = try start()
        defer { server.stop() }
        let id = emulator.store.items[4].id
        #expect(try await send(server, "PUT", "/v1/entries", json: #"{"entry_ids":[\#(id)],"status":"read"}"#).status == 204)
        #expect(emulator.store.items[4].read)
        _ = try await send(server, "PUT", "/v1/entries/\(id)/bookmark")
        #expect(emulator.store.items[4].starred, "first call stars")
        _ = try await send(server, "PUT", "/v1/entries/\(id)/bookmark")
        #expect(!emulator.store.items[4].starred, "a retry unstars: not idempotent")
    }
}

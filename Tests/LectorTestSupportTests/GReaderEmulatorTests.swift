import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

@Suite("GReaderEmulator")
struct GReaderEmulatorTests {
    let account = EmulatedAccount(username: "alice", password: "api-pass")

    private func start() throws -> (GReaderEmulator, LoopbackServer) {
        let emulator = GReaderEmulator(store: seededStore(), accounts: [account])
        return (emulator, try LoopbackServer(handler: emulator.handler))
    }

    private func api(_ server: LoopbackServer, _ path: String) -> URL {
        server.url(GReaderEmulator.basePath + "/reader/api/0/" + path)
    }

    private var auth: HTTPHeaders { ["Authorization": "GoogleLogin auth=\(account.greaderAuth)"] }

    @Test("ClientLogin by form returns SID/LSID/Auth; a wrong password is a 401")
    func clientLogin() async throws {
        let (_, server) = try start()
        defer { server.stop() }
        let client = HTTPClient()
        let url = server.url(GReaderEmulator.basePath + "/accounts/ClientLogin")
        let ok = try await client.send(.postForm(url, fields: [("Email", "alice"), ("Passwd", "api-pass")]))
        #expect(ok.status == 200)
        #expect(ok.text.contains("Auth=\(account.greaderAuth)\n"), "Auth line carries user/hash")
        let bad = try await client.send(.postForm(url, fields: [("Email", "alice"), ("Passwd", "nope")]))
        #expect(bad.status == 401)
        #expect(bad.headers["Google-Bad-Token"] == "true")
        let query = try await client.send(.get(URL(string: url.absoluteString + "?Email=alice&Passwd=api-pass")!))
        #expect(query.status == 200, "FreshRSS also accepts the pair in the query string")
    }

    @Test("a proxy that strips Authorization: login works, later calls 401, the probe says FAIL")
    func strippedAuthorization() async throws {
        let (_, server) = try start()
        defer { server.stop() }
        server.inject(.stripAuthorization)
        let client = HTTPClient()
        let login = try await client.send(.postForm(server.url(GReaderEmulator.basePath + "/accounts/ClientLogin"),
                                                    fields: [("Email", "alice"), ("Passwd", "api-pass")]))
        #expect(login.status == 200, "ClientLogin needs no header, so it still works")
        let info = try await client.send(.get(api(server, "user-info"), headers: auth))
        #expect(info.status == 401, "every authenticated call fails once the header is dropped")
        let probe = try await client.send(.get(server.url(GReaderEmulator.basePath + "/check/compatibility"), headers: auth))
        #expect(probe.text.hasPrefix("FAIL"), "check/compatibility reports the missing header")
    }

    @Test("items/ids pages with n and c until no continuation, newest first, covering every item")
    func idsPaging() async throws {
        let (emulator, server) = try start()
        defer { server.stop() }
        let client = HTTPClient()
        var seen: [String] = []
        var continuation: String?
        repeat {
            var path = "stream/items/ids?output=json&s=user/-/state/com.google/reading-list&n=4"
            if let continuation { path += "&c=\(continuation)" }
            let page = jsonObject(try await client.send(.get(api(server, path), headers: auth)).body)
            seen += (page["itemRefs"] as? [[String: String]] ?? []).compactMap { $0["id"] }
            continuation = page["continuation"] as? String
        } while continuation != nil && seen.count < 100
        let expected = emulator.store.items.map(\.id).sorted(by: >).map(String.init)
        #expect(seen == expected, "paging returned each id once, newest first")
    }

    @Test("mark-all-as-read as Miniflux answers it (miniflux-greader 72–80): ts in seconds or µs against publication time, bad ts 400, unknown label 404")
    func minifluxMarkAllAsRead() async throws {
        let (emulator, server) = try start()
        defer { server.stop() }
        emulator.setMarksAsMiniflux(true)
        let client = HTTPClient()
        func mark(_ fields: [(String, String)]) async throws -> HTTPResponse {
            try await client.send(.postForm(api(server, "mark-all-as-read"), fields: fields + [("T", account.greaderToken)], headers: auth))
        }
        func unread() -> [String] { emulator.store.items.filter { !$0.read }.map(\.title).sorted() }
        let notes = try #require(emulator.store.feeds.first { $0.title == "Notes" }).id
        let seconds = try await mark([("s", "feed/\(notes)"), ("ts", "1700000150")])
        #expect(seconds.status == 200 && seconds.text == "OK" && seconds.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(unread() == ["Item 1", "Item 3", "Item 4", "Item 5"], "seconds, published before ts: \(unread())")
        _ = try await mark([("s", "user/-/label/News"), ("ts", "1700000270000000")])
        #expect(unread() == ["Item 1", "Item 3", "Item 5"], "µs from 16 digits: \(unread())")
        let bad = try await mark([("s", "feed/\(notes)"), ("ts", "abc")])
        #expect(bad.status == 400 && bad.text == #"{"error_message":"strconv.ParseInt: parsing \"abc\": invalid syntax"}"#, "\(bad.text)")
        let unknown = try await mark([("s", "user/-/label/NoSuch")])
        #expect(unknown.status == 404 && unknown.text == #"{"error_message":"resource not found"}"#, "\(unknown.text)")
        _ = try await mark([("s", "user/-/state/com.google/reading-list")])
        #expect(unread().isEmpty, "without ts: everything: \(unread())")
    }

    @Test("edit-tag marks read and starred by long and decimal ids; the unread set shrinks")
    func editTag() async throws {
        let (emulator, server) = try start()
        defer { server.stop() }
        let client = HTTPClient()
        let items = emulator.store.items
        let fields: [(String, String)] = [("i", GReaderItemID.long(items[2].id)), ("i", String(items[3].id)),
                                          ("a", "user/-/state/com.google/read"), ("a", "user/-/state/com.google/starred"),
                                          ("T", account.greaderToken)]
        let reply = try await client.send(.postForm(api(server, "edit-tag"), fields: fields, headers: auth))
        #expect(reply.text == "OK")
        let after = emulator.store.items
        #expect(after[2].read && after[2].starred && after[3].read && after[3].starred, "both forms of id were understood")
        let wrongToken = try await client.send(.postForm(api(server, "edit-tag"), fields: [("i", "1"), ("T", "bad")], headers: auth))
        #expect(wrongToken.status == 401, "a wrong T is rejected")
    }

    @Test("stream/items/contents returns the long-form ids asked for, with state in categories")
    func itemContents() async throws {
        let (emulator, server) = try start()
        defer { server.stop() }
        let starred = try #require(emulator.store.items.first { $0.starred })
        let response = try await HTTPClient().send(.postForm(api(server, "stream/items/contents"),
                                                             fields: [("i", GReaderItemID.long(starred.id))], headers: auth))
        let items = jsonObject(response.body)["items"] as? [[String: Any]] ?? []
        #expect(items.count == 1)
        #expect(items.first?["id"] as? String == GReaderItemID.long(starred.id))
        #expect((items.first?["categories"] as? [String])?.contains("user/-/state/com.google/starred") == true)
    }

    @Test("quickadd subscribes a fetchable URL and reports already-subscribed as a 200 with numResults 0")
    func quickAdd() async throws {
        let (emulator, server) = try start()
        defer { server.stop() }
        let client = HTTPClient()
        let add = try await client.send(.postForm(api(server, "subscription/quickadd"),
                                                  fields: [("quickadd", "http://feeds.test/podcast/")], headers: auth))
        #expect(jsonObject(add.body)["numResults"] as? Int == 1, "site URL discovery found the podcast feed")
        #expect(emulator.store.feeds.contains { $0.feedURL == "http://feeds.test/podcast.rss" })
        let again = try await client.send(.postForm(api(server, "subscription/quickadd"),
                                                    fields: [("quickadd", "http://feeds.test/podcast.rss")], headers: auth))
        #expect(again.status == 200)
        #expect(jsonObject(again.body)["numResults"] as? Int == 0)
    }

    @Test("subscription/edit moves a feed into a new folder and rename-tag renames it")
    func moveAndRename() async throws {
        let (emulator, server) = try start()
        defer { server.stop() }
        let client = HTTPClient()
        _ = try await client.send(.postForm(api(server, "subscription/edit"),
                                            fields: [("ac", "edit"), ("s", "feed/3"), ("a", "user/-/label/Later")], headers: auth))
        _ = try await client.send(.postForm(api(server, "rename-tag"),
                                            fields: [("s", "user/-/label/Later"), ("dest", "user/-/label/Soon"), ("T", "")], headers: auth))
        let folder = emulator.store.folders.first { $0.id == emulator.store.feeds.first { $0.id == 3 }?.folderID }
        #expect(folder?.name == "Soon")
    }

    @Test("mark-all-as-read with ts marks only entries received up to ts")
    func markAllAsRead() async throws {
        let (emulator, server) = try start()
        defer { server.stop() }
        let ids = emulator.store.items.map(\.id)
        _ = try await HTTPClient().send(.postForm(api(server, "mark-all-as-read"),
                                                  fields: [("s", "user/-/state/com.google/reading-list"), ("ts", String(ids[3]))],
                                                  headers: auth))
        let read = emulator.store.items.map(\.read)
        #expect(read == [true, true, true, true, false, false], "entries with id <= ts are read, later ones not")
    }

    @Test("subscription/export lists each folder with its feeds as OPML")
    func export() async throws {
        let (_, server) = try start()
        defer { server.stop() }
        let response = try await HTTPClient().send(.get(api(server, "subscription/export"), headers: auth))
        #expect(response.headers["Content-Type"] == "application/xml; charset=UTF-8")
        #expect(response.text.contains("<outline text=\"Tech\">"))
        #expect(response.text.contains("xmlUrl=\"http://feeds.test/notes.atom\""))
        #expect(response.text.contains("text=\"Tech &amp; Co\""), "titles are XML-escaped")
    }
}

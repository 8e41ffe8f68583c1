import Foundation
import LectorBasics
import Testing
import LectorHTTP
import LectorTestSupport

@Suite("FeverEmulator")
struct FeverEmulatorTests {
    let account = EmulatedAccount(username: "alice", password: "api-pass")

    private func call(_ server: LoopbackServer, _ query: String, key: String? = nil, form: [(String, String)] = []) async throws -> [String: Any] {
        let url = server.url(FeverEmulator.path + "?api" + query)
        let response = try await HTTPClient().send(.postForm(url, fields: [("api_key", key ?? account.feverAPIKey)] + form))
        #expect(response.status == 200, "Fever answers 200 even for a wrong key")
        return jsonObject(response.body)
    }

    @Test("api_key is md5 of user:password; a wrong key gives auth 0 with HTTP 200")
    func authentication() async throws {
        let emulator = FeverEmulator(store: seededStore(), accounts: [account])
        let server = try LoopbackServer(handler: emulator.handler)
        defer { server.stop() }
        #expect(account.feverAPIKey == MD5.hex(of: "alice:api-pass"))
        #expect(try await call(server, "")["auth"] as? Int == 1)
        #expect(try await call(server, "", key: "0123")["auth"] as? Int == 0)
        #expect(try await call(server, "", key: account.feverAPIKey.uppercased())["auth"] as? Int == 1, "key case is ignored")
    }

    @Test("Miniflux's marks (miniflux-fever 35–45): before compares publication time, no before marks nothing, group 0 marks all, no id list in the reply")
    func minifluxMarks() async throws {
        let emulator = FeverEmulator(store: seededStore(), accounts: [account])
        emulator.setMarksAsMiniflux(true)
        let server = try LoopbackServer(handler: emulator.handler)
        defer { server.stop() }
        func unread() -> [String] { emulator.store.items.filter { !$0.read }.map(\.title).sorted() }
        let notes = try #require(emulator.store.feeds.first { $0.title == "Notes" }).id
        let news = try #require(emulator.store.folders.first { $0.name == "News" }).id
        let reply = try await call(server, "", form: [("mark", "feed"), ("as", "read"), ("id", String(notes)), ("before", "1700000150")])
        #expect(reply["unread_item_ids"] == nil, "Miniflux's mark replies carry no unread_item_ids")
        #expect(unread() == ["Item 1", "Item 3", "Item 4", "Item 5"], "published before `before` only: \(unread())")
        _ = try await call(server, "", form: [("mark", "feed"), ("as", "read"), ("id", String(notes))])
        #expect(unread() == ["Item 1", "Item 3", "Item 4", "Item 5"], "a missing before reads as 1970: \(unread())")
        _ = try await call(server, "", form: [("mark", "group"), ("as", "read"), ("id", String(news)), ("before", "1700000270")])
        #expect(unread() == ["Item 1", "Item 3", "Item 5"], "\(unread())")
        _ = try await call(server, "", form: [("mark", "group"), ("as", "read"), ("id", "0"), ("before", "1")])
        #expect(unread().isEmpty, "group 0 marks everything whatever before says: \(unread())")
    }

    @Test("groups, feeds and feeds_groups describe the folders")
    func structure() async throws {
        let emulator = FeverEmulator(store: seededStore(), accounts: [account])
        let server = try LoopbackServer(handler: emulator.handler)
        defer { server.stop() }
        let reply = try await call(server, "&groups&feeds")
        #expect((reply["groups"] as? [Any])?.count == 3, "Uncategorized, Tech, News")
        #expect((reply["feeds"] as? [Any])?.count == 3)
        let techGroup = (reply["feeds_groups"] as? [[String: Any]])?.first { $0["group_id"] as? Int == 2 }
        #expect(techGroup?["feed_ids"] as? String == "2,1", "Tech holds Notes and Tech & Co, by title")
    }

    @Test("since_id pages forward, max_id backward, with_ids picks; ids are strings")
    func itemsPaging() async throws {
        let store = seededStore()
        let emulator = FeverEmulator(store: store, accounts: [account])
        let server = try LoopbackServer(handler: emulator.handler)
        defer { server.stop() }
        let ids = store.items.map(\.id)
        let since = try await call(server, "&items&since_id=\(ids[1])")["items"] as? [[String: Any]] ?? []
        #expect(since.compactMap { $0["id"] as? String } == ids.dropFirst(2).map(String.init), "ascending after since_id")
        let before = try await call(server, "&items&max_id=\(ids[2])")["items"] as? [[String: Any]] ?? []
        #expect(before.compactMap { $0["id"] as? String } == [ids[1], ids[0]].map(String.init), "descending before max_id")
        let picked = try await call(server, "&items&with_ids=\(ids[4]),\(ids[0])")["items"] as? [[String: Any]] ?? []
        #expect(picked.count == 2)
    }

    @Test("mark item read/saved updates the id lists returned with the reply")
    func marking() async throws {
        let store = seededStore()
        let emulator = FeverEmulator(store: store, accounts: [account])
        let server = try LoopbackServer(handler: emulator.handler)
        defer { server.stop() }
        let target = store.items[4].id
        let read = try await call(server, "", form: [("mark", "item"), ("as", "read"), ("id", String(target))])
        #expect((read["unread_item_ids"] as? String)?.contains(String(target)) == false)
        let saved = try await call(server, "", form: [("mark", "item"), ("as", "saved"), ("id", String(target))])
        #expect((saved["saved_item_ids"] as? String)?.contains(String(target)) == true)
        let all = try await call(server, "", form: [("mark", "group"), ("as", "read"), ("id", "0"),
                                                   ("before", String(Int(Date().timeIntervalSince1970) + 10))])
        #expect(all["unread_item_ids"] as? String == "", "group 0 marks everything")
    }
}

import Foundation
import Testing
@testable import LectorSync

/// Reading Fever answers from both servers: FreshRSS (ids as strings) and Miniflux (numbers).
@Suite("Fever wire format")
struct FeverWireTests {
    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "test JSON is not an object")
    }

    @Test("ids arrive as numbers or strings; id lists as comma-separated text or a bare number")
    func ids() throws {
        let object = try json(#"{"a": 1700000000000001, "b": "1700000000000002", "c": "1,2, 3,,x", "d": 42, "e": ""}"#)
        #expect(FeverWire.id(object["a"]) == 1_700_000_000_000_001, "a numeric id was not read")
        #expect(FeverWire.id(object["b"]) == 1_700_000_000_000_002, "a string id was not read")
        #expect(FeverWire.idList(object["c"]) == ["1", "2", "3"], "a comma-separated list was misread")
        #expect(FeverWire.idList(object["d"]) == ["42"], "a one-member set sent as a number was lost")
        #expect(FeverWire.idList(object["e"]).isEmpty, "an empty set must be empty")
    }

    @Test("a feed in several groups goes to the first; group 0 (Kindling) is no folder; ungrouped feeds are unfiled")
    func groups() throws {
        let groups = try json("""
            {"groups": [{"id": 0, "title": "Kindling"}, {"id": 3, "title": "R＆D"}, {"id": "4", "title": "News"}],
             "feeds_groups": [{"group_id": 0, "feed_ids": "1,2,3"}, {"group_id": 4, "feed_ids": "2"}, {"group_id": 3, "feed_ids": "1,2"}]}
            """)
        let feeds = try json("""
            {"feeds": [{"id": 1, "title": "One", "url": "https://one.example/feed", "site_url": ""},
                       {"id": "2", "title": "Two", "url": "https://two.example/feed", "site_url": "https://two.example/"},
                       {"id": 3, "title": "Three", "url": "https://three.example/feed"}]}
            """)
        let structure = FeverWire.structure(groups: groups, feeds: feeds)
        #expect(structure.folders.map(\.name) == ["News", "R&D"], "folders are wrong: \(structure.folders)")
        let filed = Dictionary(uniqueKeysWithValues: structure.feeds.map { ($0.serverID, $0.folderServerID ?? "-") })
        #expect(filed == ["1": "3", "2": "4", "3": "-"], "feeds are filed wrongly: \(filed)")
        #expect(structure.feeds.first { $0.serverID == "1" }?.siteURL == nil, "an empty site URL must be nil")
    }

    @Test("items carry is_read and is_saved as numbers or strings")
    func items() throws {
        let object = try json("""
            {"items": [{"id": "5", "feed_id": 1, "title": "A", "html": "<p>x</p>", "url": "https://a.example/",
                        "is_read": 1, "is_saved": "0", "created_on_time": 1700000000},
                       {"id": 6, "feed_id": "1", "title": "B", "is_read": "0", "is_saved": 1}]}
            """)
        let items = try FeverWire.items(object)
        #expect(items.map(\.id) == [5, 6], "items were lost: \(items.map(\.id))")
        #expect(items[0].entry.read == true && items[0].entry.starred == false, "the first item's state is wrong")
        #expect(items[1].entry.read == false && items[1].entry.starred == true, "the second item's state is wrong")
        #expect(items[0].entry.publishedAt == Date(timeIntervalSince1970: 1_700_000_000), "created_on_time was not read")
    }
}

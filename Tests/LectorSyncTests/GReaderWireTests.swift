import Foundation
import Testing
@testable import LectorSync

/// Reading GReader answers: id forms must match between `items/ids` and `items/contents`.
@Suite("GReader wire format")
struct GReaderWireTests {
    @Test("decimal, long-form and opaque (The Old Reader) ids from items/ids and items/contents match")
    func idForms() throws {
        let page = try JSONDecoder().decode(GReaderIDPage.self, from: Data("""
            {"itemRefs": [{"id": "1795966907540320"}, {"id": "-6420567834123456789"}, {"id": "5c8e7a0bf4b1a8d3e0a1b2c3"}, {"id": 42}],
             "continuation": "abc"}
            """.utf8))
        #expect(page.ids == ["1795966907540320", "-6420567834123456789", "5c8e7a0bf4b1a8d3e0a1b2c3", "42"],
                "ids were dropped or altered: \(page.ids)")
        #expect(page.continuation == "abc", "the continuation was lost")
        let last = try JSONDecoder().decode(GReaderIDPage.self, from: Data(#"{"itemRefs": [], "continuation": ""}"#.utf8))
        #expect(last.ids.isEmpty && last.continuation == nil, "an empty continuation ends the list")
        let numbered = try JSONDecoder().decode(GReaderIDPage.self, from: Data(#"{"continuation": 1700000000}"#.utf8))
        #expect(numbered.ids.isEmpty && numbered.continuation == "1700000000", "a page without itemRefs, numeric continuation")
        #expect(throws: DecodingError.self, "an item ref without an id must fail the page, never be skipped") {
            try JSONDecoder().decode(GReaderIDPage.self, from: Data(#"{"itemRefs": [{"id": "1"}, {"directStreamIds": []}]}"#.utf8))
        }
        func entryID(_ raw: String) -> String? {
            GReaderWire.entry(["id": raw, "origin": ["streamId": "feed/1"], "categories": [String]()])?.serverID
        }
        #expect(entryID(GReaderItemID.long("1795966907540320")) == "1795966907540320", "long form did not map to the decimal id")
        #expect(entryID(GReaderItemID.long("-6420567834123456789")) == "-6420567834123456789", "a negative id did not round-trip")
        #expect(entryID("tag:google.com,2005:reader/item/5c8e7a0bf4b1a8d3e0a1b2c3") == "5c8e7a0bf4b1a8d3e0a1b2c3",
                "an opaque long id does not match the same id from items/ids")
    }

    /// FreshRSS 1.24.3 (greader/12) lists no priority; a newer FreshRSS gives each feed
    /// `"frss:priority"` (`important`, `main`, `category`, `feed`) and leaves hidden feeds out.
    /// No recording of a newer FreshRSS exists here: the second answer is 1.24.3's with the field added.
    @Test("frss:priority is read where the server gives it, and says the list leaves hidden feeds out")
    func priority() throws {
        let recorded = """
            {"subscriptions":[{"id":"feed/3","title":"RDF Digest","categories":[{"id":"user/-/label/News","label":"News"}],\
            "url":"http://127.0.0.1:18281/feeds/digest.rdf","htmlUrl":"http://127.0.0.1:18281/digest/","iconUrl":"http://127.0.0.1:18280/f.php?d58fbc80"}]}
            """
        let old = GReaderWire.structure(subscriptions: try JSONSerialization.jsonObject(with: Data(recorded.utf8)), tags: [String: Any]())
        #expect(old.feeds.map(\.serverPriority) == [nil] && !old.omitsHiddenFeeds, "1.24.3 gives no priority: \(old.feeds)")
        let newer = recorded.replacingOccurrences(of: #""iconUrl""#, with: #""frss:priority":"category","iconUrl""#)
        let structure = GReaderWire.structure(subscriptions: try JSONSerialization.jsonObject(with: Data(newer.utf8)), tags: [String: Any]())
        #expect(structure.feeds.map(\.serverPriority) == ["category"] && structure.omitsHiddenFeeds, "the priority was not read: \(structure.feeds)")
    }
}

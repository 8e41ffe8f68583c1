import Foundation
import Testing
@testable import LectorCLI
@testable import LectorStore

/// What a newsboat or gh user reaches for: ranges and lists of article numbers, a reading-list
/// item read by its number.
@Suite("Article ranges and reading-list numbers")
struct ArticleRangeTests {
    @Test("article mark takes ranges and comma lists of numbers (1-3,5 and 7)")
    func rangesAndLists() throws {
        let home = TestHome()
        _ = try home.run("article", "list", "--limit", "8")
        let ids = home.session().handles.ids
        try #require(ids.count >= 7, "the demo library lists enough articles: \(ids.count)")
        let marked = try home.run("article", "mark", "star", "1-3,5", "7", "--json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(marked.utf8)) as? [String: Any])
        #expect(json["articles"] as? [Int64] == [ids[0], ids[1], ids[2], ids[4], ids[6]], "the articles numbered 1, 2, 3, 5 and 7: \(marked)")
        #expect(throws: CLIError.self, "a range past the list is refused") { try home.run("article", "mark", "read", "1-\(ids.count + 1)") }
        #expect(throws: CLIError.self, "a backwards range is refused") { try home.run("article", "mark", "read", "3-1") }
        let starred = try home.store().articles.list(ArticleQuery(accountID: nil, starredOnly: true, limit: 100)).map(\.id)
        #expect(Set(starred).isSuperset(of: [ids[0], ids[1], ids[2], ids[4], ids[6]]), "nothing marked by the refused ranges went missing")
    }
}

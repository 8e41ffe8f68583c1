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
        #expect(throws: CLIError.self, "a range wholly past the list is refused") {
            try home.run("article", "mark", "read", "\(ids.count + 1)-\(ids.count + 5)")
        }
        #expect(throws: CLIError.self, "a backwards range is refused") { try home.run("article", "mark", "read", "3-1") }
        let starred = try home.store().articles.list(ArticleQuery(accountID: nil, starredOnly: true, limit: 100)).map(\.id)
        #expect(Set(starred).isSuperset(of: [ids[0], ids[1], ids[2], ids[4], ids[6]]), "nothing marked by the refused ranges went missing")
    }

    @Test("a range past the end of the last list marks the articles there and names the numbers that were not")
    func rangePastTheEnd() throws {
        let home = TestHome()
        try home.binaryOK(["article", "list", "--limit", "6"], "a list of six")
        let ids = home.session().handles.ids
        try #require(ids.count == 6, "the demo library lists six: \(ids.count)")
        let marked = try home.binary(["article", "mark", "read", "1-20"])
        #expect(marked.status == 0, "the first twenty of a list of six are its six: \(marked.status) \(marked.stderr)")
        #expect(marked.stdout.contains("of 6 article(s) marked read"), "\(marked.stdout)")
        #expect(marked.stderr.contains("no article 7-20 in the last list (it had 6): left out"), "says what was not there: \(marked.stderr)")
        let unread = try home.store().articles.list(ArticleQuery(accountID: nil, unreadOnly: true, limit: 1000)).map(\.id)
        #expect(Set(unread).isDisjoint(with: ids), "the six are read")
        let single = try home.binary(["article", "mark", "read", "7"])
        #expect(single.status == 3 && single.stderr.contains("no article 7"), "one number past the end is still not found: \(single.stderr)")
    }

    @Test("reading-list read N reads the Nth item of the reading list; one no longer stored is named with its address")
    func readingListRead() throws {
        let home = TestHome()
        _ = try home.run("article", "list", "--limit", "3")
        let store = try home.store()
        let third = try #require(try store.articles.article(home.session().handles.ids[2]))
        _ = try home.run("reading-list", "add", "3")
        let gone = try store.accounts.insert(kind: .local, name: "Elsewhere")
        try store.readingList.add(accountID: gone.id, url: "https://gone.example/essay", title: "An essay since gone")
        let read = try home.run("reading-list", "read", "1", "--no-pager", "--json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [String: Any])
        #expect(json["id"] as? Int64 == third.id, "item 1 is the third article listed: \(read.prefix(200))")
        #expect(throws: CLIError.notFound("'An essay since gone' is no longer among the stored articles of 'Elsewhere': its address is https://gone.example/essay")) {
            try home.run("reading-list", "read", "2")
        }
        #expect(throws: CLIError.self) { try home.run("reading-list", "read", "3") }
    }
}

import Foundation
import Testing
@testable import LectorCLI
@testable import LectorStore

/// The small things a user notices: newsboat's urls file, htmlUrl in OPML, the reading list's own
/// numbers, article numbers completed with their titles.
@Suite("Small things")
struct SmallThingsTests {
    @Test("opml import reads a newsboat urls file: tags become folders, ~ gives the title, queries and comments are skipped")
    func newsboatURLs() throws {
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Home")
        let file = home.path + "/urls"
        try Data("""
            # my feeds
            https://ledger.example/feed.xml "Work" "~The Ledger"
            https://quill.example/rss  "!hidden" "Writing tools" tech
            "query:Unread:unread = \\"yes\\""

            https://plain.example/atom
            """.utf8).write(to: URL(fileURLWithPath: file))
        let output = try home.run("opml", "import", file)
        #expect(output.contains("Imported 3 feed(s)"), "\(output)")
        let feeds = try home.run("feed", "list", "--json")
        let listing = try #require(try JSONSerialization.jsonObject(with: Data(feeds.utf8)) as? [[String: Any]])
        let byURL = Dictionary(uniqueKeysWithValues: listing.map { ($0["url"] as? String ?? "", $0) })
        #expect(byURL["https://ledger.example/feed.xml"]?["folder"] as? String == "Work")
        #expect(byURL["https://ledger.example/feed.xml"]?["title"] as? String == "The Ledger")
        #expect(byURL["https://quill.example/rss"]?["folder"] as? String == "Writing tools", "the first plain tag; ! is not a tag")
        #expect(byURL["https://plain.example/atom"]?["folder"] is NSNull || byURL["https://plain.example/atom"]?["folder"] == nil)
    }

    @Test("a file that is neither OPML nor a urls file is one error line, not a failure per line")
    func neitherOPMLNorURLs() throws {
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Home")
        let file = home.path + "/notes.txt"
        try Data("Shopping list\nbread and butter\nmilk, eggs\ncall the plumber about the sink\n".utf8).write(to: URL(fileURLWithPath: file))
        let result = try home.binary(["opml", "import", file])
        #expect(result.status == 1, "a file it cannot read as a list of feeds: \(result.status)")
        #expect(result.stdout.isEmpty && result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("neither OPML nor"),
                "one line saying what the file is not: \(result.stdout)\(result.stderr)")
        #expect(try home.store().feeds.list().filter { $0.accountName == "Home" }.isEmpty, "nothing was added")
    }

    @Test("opml export writes htmlUrl for every feed, the feed's site root when the site is unknown")
    func htmlURL() throws {
        let home = TestHome()
        try home.addFeed(title: "Alpha", folder: "News", account: "Personal")
        let opml = try home.run("opml", "export", "--account", "Personal")
        #expect(opml.contains("htmlUrl=\"https://example.org/\""), "\(opml)")
    }

    @Test("the reading list is numbered on its own and remove takes those numbers")
    func readingListNumbers() throws {
        let home = TestHome()
        let store = try home.store()
        let account = try store.accounts.insert(kind: .local, name: "Personal")
        try store.readingList.add(accountID: account.id, url: "https://example.org/a", title: "First read")
        try store.readingList.add(accountID: account.id, url: "https://example.org/b", title: "Second read")
        let listed = try home.run("reading-list", "list")
        let numbers = listed.split(separator: "\n").compactMap { $0.split(separator: "\t").first }
        #expect(numbers == ["1", "2"], "each saved article is numbered in the reading list itself: \(listed)")
        _ = try home.run("reading-list", "remove", "2")
        #expect(try home.store().readingList.all().map(\.title) == ["First read"], "number 2 of the reading list went")
        #expect(throws: CLIError.self) { try home.run("reading-list", "remove", "5") }
    }

    @Test("article numbers complete from the last list, with titles as descriptions")
    func articleNumbers() throws {
        let home = TestHome()
        _ = try home.run("article", "list", "--limit", "3")
        let directories = AppDirectories.resolve(environment: home.environment)
        let completer = Completer(openStore: { Store.openReadOnly(path: directories.databasePath) },
                                  lastList: { ArticleHandles(directories: directories).ids })
        let candidates = completer.complete(["article", "read", ""]).candidates
        #expect(candidates.map(\.value) == ["1", "2", "3"], "\(candidates)")
        #expect(candidates.allSatisfy { !$0.help.isEmpty && $0.help != "article" }, "titles as descriptions: \(candidates)")
    }
}

@Suite("Reading time")
struct ReadingTimeAgreementTests {
    @Test("an article's reading time is the same in the list and in the reader")
    func listAndReaderAgree() throws {
        let home = TestHome()
        let feed = try home.addFeed(title: "Longform")
        // 300 words in 100 short paragraphs: its plain text has a line break between paragraphs,
        // which a count of spaces alone misses (a one-minute read in the list, two in the reader).
        let paragraphs = (1...100).map { "alpha\($0) beta\($0) gamma\($0)" }
        let store = try home.store()
        _ = try store.articles.upsert(accountID: feed.accountID, feedID: feed.id,
                                      IncomingArticle(serverID: "long-1", url: "https://example.org/long", title: "A long read",
                                                      contentHTML: paragraphs.map { "<p>\($0)</p>" }.joined(),
                                                      text: paragraphs.joined(separator: "\n")))
        let listed = try home.run("article", "list", "--feed", "Longform")
        let row = try #require(listed.split(separator: "\n").first { $0.contains("A long read") }, "listed: \(listed)")
        let minutes = try #require(row.split(separator: "\t", omittingEmptySubsequences: false).dropFirst(8).first.flatMap { Int($0) }, "the plain list's MINUTES column is the reading time: \(row)")
        let read = try home.run("article", "read", "1", "--no-pager")
        #expect(read.contains("\(minutes) min read"), "the list says \(minutes) min; the reader says:\n\(read.prefix(300))")
        #expect(minutes == 2, "300 words at 220 a minute is a two-minute read")
    }
}

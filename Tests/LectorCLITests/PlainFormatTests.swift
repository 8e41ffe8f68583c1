import Foundation
import Testing
@testable import LectorCLI
@testable import LectorStore

/// The plain format is an API: off a terminal each list prints its command's fixed tab-separated
/// columns (docs/plain-format.md), the ACCOUNT column always, states as columns, and nothing but
/// rows on stdout. Each list runs through the binary with stdout a pipe.
@Suite("Plain format")
struct PlainFormatTests {
    /// One local account ("Personal") with a filed feed holding two articles (one starred, one
    /// read), a paused unfiled feed, a label, a rule, a saved search and a reading-list entry; the
    /// demo library is off, so every row is from the one account.
    private func library() throws -> TestHome {
        let home = TestHome()
        try home.binaryOK(["demo", "off"], "demo off")
        let alpha = try home.addFeed(title: "Alpha", folder: "News")
        let store = try home.store()
        for (number, title) in [(1, "Older tide"), (2, "High tide")] {
            _ = try store.articles.upsert(accountID: alpha.accountID, feedID: alpha.id,
                                          IncomingArticle(serverID: "a-\(number)", url: "https://alpha.example/\(number)", title: title,
                                                          text: "the tide comes in", publishedAt: 1_764_547_200 + Double(number) * 3600))
        }
        let beta = try store.feeds.insert(accountID: alpha.accountID, folderID: nil, serverID: "beta", title: "Beta",
                                          url: "https://beta.example/feed.xml", siteURL: nil)
        _ = beta
        try home.binaryOK(["feed", "pause", "Beta"], "pause Beta")
        _ = try home.binaryOK(["article", "list"], "list to number the rows")
        try home.binaryOK(["article", "mark", "unread", "1"], "the newest unread")
        try home.binaryOK(["article", "mark", "star", "1"], "star the newest")
        try home.binaryOK(["article", "mark", "read", "2"], "read the older")
        try home.binaryOK(["article", "label", "add", "keep", "1"], "label the newest")
        try home.binaryOK(["reading-list", "add", "1"], "save the newest")
        try home.binaryOK(["rule", "add", "tides", "title contains tide", "--then", "star"], "add a rule")
        try home.binaryOK(["search", "save", "tidal", "title contains tide"], "save a search")
        return home
    }

    /// The lines of a list printed into a pipe, each checked to hold exactly its command's fields.
    private func rows(_ home: TestHome, _ arguments: [String], _ columns: PlainColumns) throws -> [[String]] {
        let result = try home.binaryOK(arguments, arguments.joined(separator: " "))
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(result.stdout.isEmpty || result.stdout.hasSuffix("\n"), "\(arguments): ends with a line break")
        let fields = lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        for (line, cells) in zip(lines, fields) {
            #expect(cells.count == columns.names.count, "\(arguments): \(columns.names.count) fields \(columns.names), got \(cells.count): \(line)")
        }
        // Only whole rows, so that the checks below can name their fields by position.
        return fields.filter { $0.count == columns.names.count }
    }

    @Test("each list prints its documented columns into a pipe, the ACCOUNT column even with one account")
    func columnsPinned() throws {
        let home = try library()
        #expect(try rows(home, ["account", "list"], .accountList) == [["Personal", "local", "", "", "yes", "ok"]])
        let feeds = try rows(home, ["feed", "list"], .feedList)
        #expect(feeds.map { $0[0] } == ["Personal", "Personal"])
        #expect(feeds.first { $0[1] == "Alpha" }.map { [$0[2], $0[3], $0[5]] } == ["News", "1", "active"], "\(feeds)")
        #expect(feeds.first { $0[1] == "Beta" } == ["Personal", "Beta", "", "0", "https://beta.example/feed.xml", "paused"],
                "paused is a column of its own, not glued to the title: \(feeds)")
        #expect(try rows(home, ["folder", "list"], .folderList) == [["Personal", "News", "1", "1"]])
        let articles = try rows(home, ["article", "list"], .articleList)
        #expect(articles.map { [$0[0], $0[2], $0[3], $0[4], $0[5], $0[6], $0[7], $0[8], $0[9]] } == [
            ["1", "2025-12-01T02:00:00Z", "Personal", "Alpha", "High tide", "no", "yes", "1", ""],
            ["2", "2025-12-01T01:00:00Z", "Personal", "Alpha", "Older tide", "yes", "no", "1", ""],
        ], "\(articles)")
        #expect(articles.allSatisfy { Int64($0[1]) != nil }, "ID is the article's id: \(articles)")
        // The same columns with --limit, a search and the list settings that add terminal columns.
        _ = try home.binaryOK(["settings", "set", "list.show-read-indicator", "false"], "a terminal column off")
        let searched = try rows(home, ["article", "list", "--search", "tide", "--limit", "1"], .articleList)
        #expect(searched.count == 1 && searched[0][3] == "Personal" && searched[0][9].contains("tide"), "MATCH holds the passage: \(searched)")
        #expect(try rows(home, ["label", "list"], .labelList) == [["Personal", "keep", "1", "1"]])
        #expect(try rows(home, ["reading-list", "list"], .readingList) == [["1", "Personal", "High tide", "https://alpha.example/2"]])
        let rules = try rows(home, ["rule", "list"], .ruleList)
        #expect(rules.count == 1 && rules[0][0] == "tides" && rules[0][1] == "star" && rules[0][3] == "yes" && rules[0][6] == "title contains tide", "\(rules)")
        #expect(try rows(home, ["search", "list"], .searchList) == [["tidal", "no", "title contains tide"]])
        let settings = try rows(home, ["settings", "list"], .settingsList)
        #expect(settings.contains { Array($0.prefix(4)) == ["list.show-read-indicator", "false", "true", "yes"] && $0[5] == "terminal,browse" && !$0[6].isEmpty },
                "\(settings.prefix(3))")
        #expect(settings.allSatisfy { !$0[0].isEmpty })
        _ = try rows(home, ["profile", "list"], .profileList)
        #expect(try rows(home, ["dock", "list"], .dockList).first?[0] == "1")
        let swipes = try rows(home, ["swipe", "list"], .swipeList)
        #expect(Set(swipes.map { $0[0] }).isSubset(of: ["leading", "trailing"]) && !swipes.isEmpty, "\(swipes)")
    }

    @Test("into a pipe stdout holds rows only: no counts line, an empty list prints nothing")
    func rowsOnly() throws {
        let home = try library()
        let listed = try home.binaryOK(["article", "list"], "list")
        #expect(!listed.stdout.contains("unread ·") && !listed.stdout.contains("starred\n"), "no counts on stdout: \(listed.stdout)")
        #expect(listed.stdout.split(separator: "\n").first?.hasPrefix("1\t") == true, "`| head -1` is the first article: \(listed.stdout)")
        let empty = try home.binaryOK(["article", "list", "--search", "nowhere-to-be-found"], "an empty list")
        #expect(empty.stdout.isEmpty, "an empty list prints no rows: \(empty.stdout)")
        let noLabels = TestHome()
        #expect(try noLabels.binaryOK(["label", "list"], "no labels").stdout.isEmpty)
    }

    @Test("docs/plain-format.md lists every list command's columns as the code prints them")
    func documented() throws {
        let page = try String(contentsOfFile: TestBinary.repositoryRoot + "/docs/plain-format.md", encoding: .utf8)
        for columns in PlainColumns.all {
            let row = "| `\(columns.command.joined(separator: " "))` | " + columns.names.map { "`\($0)`" }.joined(separator: " ") + " |"
            #expect(page.contains(row), "docs/plain-format.md has the row: \(row)")
        }
    }
}

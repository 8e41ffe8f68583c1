import Foundation
import LectorBasics
import Testing
@testable import LectorSettings

/// Format 1.3: the `starred` section keeps every starred article whole, per account.
@Suite("Backup starred section")
struct BackupStarredTests {
    static let article = ArchivedEntry(
        title: "Storm <1> & \"more\"", url: "https://harbour.example/storm-1", guid: nil, author: "Ann",
        contentHTML: "<p>Tide &amp; ]]> \u{1B}[2J</p>", publishedAt: Date(timeIntervalSince1970: 1_780_308_000), updatedAt: nil,
        feedTitle: "Harbour News", feedURL: "https://harbour.example/feed.xml", siteURL: nil, labels: ["keep", "boats"])

    /// A backup of the sample accounts with `starred` as its starred section, as the exporter lays it out.
    static func withStarred(_ starred: [String: [ArchivedEntry]]) -> Data {
        let document = BackupDocument.export(toolVersion: "1.2.3", accounts: sampleAccounts, preferences: .defaults,
                                             now: Date(timeIntervalSince1970: 1_796_000_000))
        guard case .object(var root) = document.jsonValue else { return Data() }
        root["starred"] = .object(starred.mapValues { .array($0.map(\.jsonValue)) })
        return JSONValue.object(root).canonicalData(pretty: true)
    }

    /// `withStarred` with one member of the last article of the first account set to `value` (nil: left out).
    static func withStarred(_ starred: [String: [ArchivedEntry]], member: String, setTo value: JSONValue?) -> Data {
        guard case .object(var root) = try? JSONValue(parsing: withStarred(starred)), case .object(var byAccount) = root["starred"],
              let name = byAccount.keys.sorted().first, case .array(var articles) = byAccount[name], case .object(var last) = articles.last
        else { return Data() }
        last[member] = value
        articles[articles.count - 1] = .object(last)
        byAccount[name] = .array(articles)
        root["starred"] = .object(byAccount)
        return JSONValue.object(root).canonicalData(pretty: true)
    }

    /// Every article of every account, read back from the section a page at a time.
    static func articles(_ section: StarredSection?, pageSize: Int = StarredSection.pageSize) throws -> [String: [ArchivedEntry]] {
        var result: [String: [ArchivedEntry]] = [:]
        for account in section?.accounts ?? [] {
            try section?.forEachPage(of: account.name, size: pageSize) { result[account.name, default: []] += $0 }
        }
        return result
    }

    @Test("starred articles read back unchanged, every field written, in format 1.4 (the section came in 1.3)")
    func roundTrip() throws {
        let name = try #require(sampleAccounts.first?.name)
        let bytes = Self.withStarred([name: [Self.article]])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"version\": \"\(BackupFormat.current)\"") && text.contains("\"feed_url\"") && text.contains("\"guid\": null"), "\(text)")
        #expect(text.contains("\"published_at\": \"2026-06-01T10:00:00Z\""), "dates are UTC timestamps: \(text)")
        let (document, warnings) = try BackupReader.read(bytes)
        #expect(warnings.isEmpty && document.starred?.counts == [name: 1], "counted: \(String(describing: document.starred))")
        #expect(try Self.articles(document.starred) == [name: [Self.article]], "read back unchanged")
        let encoded = try JSONEncoder().encode(Self.article)
        let viaCodable = try JSONDecoder().decode(ArchivedEntry.self, from: encoded)
        let written = try JSONValue(parsing: encoded)
        #expect(viaCodable == Self.article && written == Self.article.jsonValue, "Codable writes the backup's members and reads them back: \(written)")
    }

    @Test("a starred article with a bad date, a missing field or an unknown account is refused naming its path")
    func brokenArticleRefused() throws {
        let name = try #require(sampleAccounts.first?.name)
        #expect(backupError(Self.withStarred([name: [Self.article]], member: "published_at", setTo: "yesterday"))?.message
                == "invalid backup: starred.\(name)[0].published_at: 'yesterday' is not an ISO-8601 UTC time such as 2026-11-29T16:40:00Z")
        #expect(backupError(Self.withStarred(["nobody": [Self.article]]))?.message.hasPrefix("invalid backup: starred.nobody: no account named 'nobody' in accounts") == true)
        #expect(backupError(Self.withStarred([name: [Self.article]], member: "labels", setTo: nil))?.message
                == "invalid backup: starred.\(name)[0]: missing required field 'labels'")
    }

    @Test("the plan has one line per account with starred articles, and none for a file without the section")
    func planLines() throws {
        let name = try #require(sampleAccounts.first?.name)
        let (document, _) = try BackupReader.read(Self.withStarred([name: [Self.article, Self.article]]))
        let plan = BackupPlan(current: BackupState(accounts: sampleAccounts), document: document, sections: [.starred])
        #expect(plan.lines.first?.hasPrefix("+ starred \(name) (2 starred article(s)") == true, "\(plan.lines)")
        let (old, _) = try BackupReader.read(exportedBackup())
        #expect(BackupPlan(current: BackupState(), document: old, sections: [.starred]).lines == ["nothing to change"],
                "an older file simply has no starred articles")
    }

    /// Seven articles told apart by their titles and addresses.
    static func seven() -> [ArchivedEntry] {
        (1...7).map { number in
            var article = Self.article
            article.title = "Storm \(number)"
            article.url = "https://harbour.example/storm-\(number)"
            return article
        }
    }

    @Test("the section is read back in pages of the size asked for, in the file's order: 3, 3 and 1 of seven")
    func pages() throws {
        let name = try #require(sampleAccounts.first?.name)
        let (document, _) = try BackupReader.read(Self.withStarred([name: Self.seven()]))
        var pages: [[String]] = []
        try document.starred?.forEachPage(of: name, size: 3) { page in pages.append(page.map(\.title)) }
        #expect(pages == [["Storm 1", "Storm 2", "Storm 3"], ["Storm 4", "Storm 5", "Storm 6"], ["Storm 7"]], "pages: \(pages)")
        #expect(try Self.articles(document.starred, pageSize: 3) == [name: Self.seven()], "the pages together are the section")
    }

    @Test("a section broken at its last article is refused with its place before anything is handed over: truncated, or a bad field")
    func brokenAtTheLastArticle() throws {
        let name = try #require(sampleAccounts.first?.name)
        let whole = Self.withStarred([name: Self.seven()])
        let text = String(decoding: whole, as: UTF8.self)
        let last = try #require(text.range(of: "\"title\": \"Storm 7\"", options: .backwards))
        let truncated = Data(text[..<last.upperBound].utf8)
        let line = text[..<last.upperBound].filter { $0 == "\n" }.count + 1
        let message = backupError(truncated)?.message ?? "no error"
        #expect(message.hasPrefix("the backup file is not valid JSON: unexpected end of file at line \(line),") && message.contains("truncated"),
                "names the place: \(message)")
        let badDate = Data(text.replacingOccurrences(of: "\"title\": \"Storm 7\"", with: "\"title\": 7").utf8)
        #expect(backupError(badDate)?.message == "invalid backup: starred.\(name)[6].title: expected a string, found a number")
    }

    @Test("a backup file is read a chunk at a time: the same document from its path as from its bytes")
    func fromAFile() throws {
        let name = try #require(sampleAccounts.first?.name)
        // 21 articles of 24 KB: the file spans several chunks, which split strings and characters.
        let long = Self.seven().map { article in
            var article = article
            article.contentHTML = String(repeating: "<p>Tide é ⛵ \u{1F30A}</p>", count: 1_200)
            return article
        }
        let bytes = Self.withStarred([name: long + long + long])
        // A folder of the test's own: nothing is written directly into the shared temporary directory.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lector-starred-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("starred.json")
        try bytes.write(to: path)
        let (fromFile, _) = try BackupReader.read(contentsOf: path)
        let (fromBytes, _) = try BackupReader.read(bytes)
        #expect(try Self.articles(fromFile.starred, pageSize: 5) == Self.articles(fromBytes.starred), "the same articles")
        #expect(fromFile.accounts == fromBytes.accounts && fromFile.settings == fromBytes.settings, "the same document")
    }
}

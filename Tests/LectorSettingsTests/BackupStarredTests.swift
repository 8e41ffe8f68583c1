import Foundation
import Testing
@testable import LectorSettings

/// Format 1.3: the `starred` section keeps every starred article whole, per account.
@Suite("Backup starred section")
struct BackupStarredTests {
    static let article = BackupStarredArticle(
        title: "Storm <1> & \"more\"", url: "https://harbour.example/storm-1", guid: nil, author: "Ann",
        content: "<p>Tide &amp; ]]> \u{1B}[2J</p>", publishedAt: "2026-06-01T10:00:00Z", updatedAt: nil,
        feedTitle: "Harbour News", feedURL: "https://harbour.example/feed.xml", siteURL: nil, labels: ["keep", "boats"])

    static func withStarred(_ starred: [String: [BackupStarredArticle]]) -> Data {
        var document = BackupDocument.export(toolVersion: "1.2.3", accounts: sampleAccounts, preferences: .defaults,
                                             now: Date(timeIntervalSince1970: 1_796_000_000))
        document.starred = starred
        return document.encoded()
    }

    @Test("starred articles read back unchanged, every field written, in format 1.4 (the section came in 1.3)")
    func roundTrip() throws {
        let name = try #require(sampleAccounts.first?.name)
        let bytes = Self.withStarred([name: [Self.article]])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"version\": \"\(BackupFormat.current)\"") && text.contains("\"feed_url\"") && text.contains("\"guid\": null"), "\(text)")
        let (document, warnings) = try BackupReader.read(bytes)
        #expect(warnings.isEmpty && document.starred == [name: [Self.article]], "read back: \(String(describing: document.starred))")
    }

    @Test("a starred article with a bad date, a missing field or an unknown account is refused naming its path")
    func brokenArticleRefused() throws {
        let name = try #require(sampleAccounts.first?.name)
        var bad = Self.article
        bad.publishedAt = "yesterday"
        #expect(backupError(Self.withStarred([name: [bad]]))?.message
                == "invalid backup: starred.\(name)[0].published_at: 'yesterday' is not an ISO-8601 UTC time such as 2026-11-29T16:40:00Z")
        #expect(backupError(Self.withStarred(["nobody": [Self.article]]))?.message.hasPrefix("invalid backup: starred.nobody: no account named 'nobody' in accounts") == true)
        guard case .object(var root) = try JSONValue(parsing: Self.withStarred([name: [Self.article]])),
              case .object(var byAccount) = root["starred"], case .array(var articles) = byAccount[name], case .object(var first) = articles[0]
        else { Issue.record("the export has no starred section"); return }
        first["labels"] = nil
        articles[0] = .object(first)
        byAccount[name] = .array(articles)
        root["starred"] = .object(byAccount)
        #expect(backupError(JSONValue.object(root).canonicalData(pretty: true))?.message == "invalid backup: starred.\(name)[0]: missing required field 'labels'")
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
}

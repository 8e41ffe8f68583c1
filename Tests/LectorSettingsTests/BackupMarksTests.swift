import Foundation
import Testing
@testable import LectorSettings

/// Format 1.2: a local feed carries its read and starred articles (by identity) and whether its
/// title is a placeholder; the plan counts marks instead of listing them.
@Suite("Backup marks and placeholder titles")
struct BackupMarksTests {
    static let marked = [
        "offline": BackupSubscriptions(folders: [], feeds: [
            BackupFeed(title: "tide.example", url: "https://tide.example/rss", siteURL: nil, folder: nil, titleIsPlaceholder: true,
                       readArticles: ["tide-1", "sha256:00ff"], starredArticles: ["tide-1"]),
        ]),
    ]

    @Test("marks and the placeholder flag (format 1.2 on) read back unchanged")
    func roundTrip() throws {
        let bytes = exportedBackup(subscriptions: Self.marked)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"version\": \"\(BackupFormat.current)\"") && text.contains("\"read_articles\"") && text.contains("\"starred_articles\"")
                && text.contains("\"title_placeholder\": true"), "the fields are written: \(text)")
        let (document, warnings) = try BackupReader.read(bytes)
        #expect(warnings.isEmpty && document.subscriptions == Self.marked, "read back unchanged: \(String(describing: document.subscriptions))")
    }

    @Test("a feed without marks and with a real title looks as it did in 1.1")
    func unmarkedFeedUnchanged() {
        let text = String(decoding: exportedBackup(), as: UTF8.self)
        #expect(!text.contains("read_articles") && !text.contains("starred_articles") && !text.contains("title_placeholder"), "\(text)")
    }

    @Test("a broken mark is refused in one line naming its path")
    func brokenMarkRefused() {
        let bad = mutatedBackup { root in
            root["subscriptions"] = .object(["offline": .object(["folders": .array([]), "feeds": .array([.object([
                "title": "T", "url": "https://tide.example/rss", "site_url": .null, "folder": .null,
                "read_articles": .array([.string("a"), .int(3)]),
            ])])])])
        }
        #expect(backupError(bad)?.message == "invalid backup: subscriptions.offline.feeds[0].read_articles[1]: expected a string, found a number",
                "\(backupError(bad)?.message ?? "accepted")")
        let repeated = mutatedBackup { root in
            root["subscriptions"] = .object(["offline": .object(["folders": .array([]), "feeds": .array([.object([
                "title": "T", "url": "https://tide.example/rss", "site_url": .null, "folder": .null,
                "starred_articles": .array([.string("a"), .string("a")]),
            ])])])])
        }
        #expect(backupError(repeated)?.message == "invalid backup: subscriptions.offline.feeds[0].starred_articles[1]: 'a' is listed twice",
                "\(backupError(repeated)?.message ?? "accepted")")
    }

    @Test("a file of a newer major version is still refused in one line")
    func newerMajorRefused() {
        let newer = mutatedBackup { $0["version"] = "2.0" }
        #expect(backupError(newer)?.message == "made by a newer Lector (backup format 2.0; this Lector reads 1.x): upgrade Lector")
    }

    @Test("the plan counts the marks a restore adds, not the articles; marks already here are no change")
    func planCountsMarks() throws {
        let wanted = try BackupReader.read(exportedBackup(subscriptions: Self.marked)).document
        let fresh = BackupPlan(current: BackupState(accounts: sampleAccounts), document: wanted, sections: [.subscriptions])
        #expect(fresh.lines.contains { $0.hasPrefix("+ subscriptions offline feed https://tide.example/rss") && !$0.contains("tide-1") },
                "the added feed's line does not list article identities: \(fresh.lines)")
        #expect(fresh.lines.contains("+ subscriptions offline feed https://tide.example/rss marks (2 read, 1 starred)"),
                "the marks are counted: \(fresh.lines)")
        let same = BackupPlan(current: BackupState(accounts: sampleAccounts, subscriptions: Self.marked), document: wanted, sections: [.subscriptions])
        #expect(same.isEmpty, "marks already here (applied or waiting) change nothing: \(same.lines)")
    }
}

import Foundation
import LectorAccounts
import LectorBasics
import LectorSettings
import LectorStore
import Testing

/// A restore reads the starred section from the file a page at a time; how small the pages
/// are changes nothing in what it does.
@Suite("starred restore in pages")
struct StarredRestorePagingTests {
    typealias Home = AccountManagerTests.Home

    /// Seven archived articles of one feed, the first two of which the account carries unstarred.
    static let archive: [ArchivedEntry] = (1...7).map { number in
        ArchivedEntry(title: "Storm \(number)", url: "https://harbour.example/storm-\(number)", guid: "storm-\(number)", author: nil,
                      contentHTML: "<p>Storm \(number)</p>", publishedAt: Date(timeIntervalSince1970: 1_780_308_000 - Double(number) * 3_600),
                      updatedAt: nil, feedTitle: "Harbour News", feedURL: "https://harbour.example/feed.xml", siteURL: nil, labels: [])
    }

    /// A backup of one local account "Home" holding `archive` as its starred articles, read back.
    static func section() throws -> StarredSection {
        let document = BackupDocument.export(toolVersion: "test", accounts: [BackupAccount(kind: .local, name: "Home", url: nil, user: nil, isDefault: true)],
                                             preferences: .defaults)
        guard case .object(var root) = document.jsonValue else { throw BackupError.unreadable("the document") }
        root["starred"] = .object(["Home": .array(archive.map(\.jsonValue))])
        return try #require(try BackupReader.read(JSONValue.object(root).canonicalData(pretty: true)).document.starred)
    }

    /// A home whose local account "Home" carries the first two archived articles, unstarred.
    static func home() throws -> Home {
        let home = try Home()
        let account = try home.store.accounts.insert(kind: .local, name: "Home")
        let feed = try home.store.feeds.insert(accountID: account.id, folderID: nil, serverID: "https://harbour.example/feed.xml",
                                               title: "Harbour News", url: "https://harbour.example/feed.xml", siteURL: nil)
        for entry in archive.prefix(2) {
            _ = try home.store.articles.upsert(accountID: account.id, feedID: feed.id,
                                               IncomingArticle(serverID: LocalArticleID.scoped(feedID: feed.id, guid: entry.guid ?? ""), url: entry.url,
                                                               title: entry.title, author: nil, contentHTML: entry.contentHTML, text: entry.title,
                                                               publishedAt: entry.publishedAt?.timeIntervalSince1970, updatedAt: nil),
                                               read: .unread, starred: false)
        }
        return home
    }

    static func starredTitles(_ home: Home) throws -> [String] {
        try home.store.articles.list(ArticleQuery(starredOnly: true, limit: 100)).map(\.title).sorted()
    }

    @Test("pages of 3 (3 pages for 7 articles) give what one page gives: 2 found and starred, 5 re-created; again, nothing new")
    func pagesOfThree() throws {
        let section = try Self.section()
        let paged = try Self.home(), whole = try Self.home()
        let small = paged.manager().restoreStarred(section, pageSize: 3)
        let large = whole.manager().restoreStarred(section)
        let summary = { (reports: [StarredRestoreReport]) in reports.map { "\($0.account): \($0.wanted) wanted, \($0.matched) matched, \($0.newlyStarred) newly starred, \($0.recreated) re-created, \($0.notTaken.count) not taken" } }
        #expect(summary(large) == ["Home: 7 wanted, 2 matched, 2 newly starred, 5 re-created, 0 not taken"], "one page: \(summary(large))")
        #expect(summary(small) == summary(large), "pages of 3 did otherwise: \(summary(small))")
        let titles = try Self.starredTitles(paged), wholeTitles = try Self.starredTitles(whole)
        #expect(titles == Self.archive.map(\.title).sorted() && wholeTitles == titles, "every archived article is starred: \(titles)")
        let again = paged.manager().restoreStarred(section, pageSize: 3)
        #expect(summary(again) == ["Home: 7 wanted, 7 matched, 0 newly starred, 0 re-created, 0 not taken"], "again: \(summary(again))")
        #expect(try paged.store.articles.list(ArticleQuery(limit: 100)).count == 7, "no copies")
    }
}

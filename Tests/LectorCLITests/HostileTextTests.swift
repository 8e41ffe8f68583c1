import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

/// Outside text with terminal escapes in it, through every command that prints such text, run as
/// the real binary so that what is checked is exactly what reaches the terminal and the log.
@Suite("Hostile text never reaches the terminal", .serialized)
struct HostileTextTests {
    /// One string with everything a terminal acts on: OSC 52 (clipboard), OSC 8 (link), OSC 0
    /// (title), CSI 2J (clear), BEL, CR, BS, the C1 controls NEL and 8-bit CSI, and bidi controls.
    /// The visible words around them must survive.
    static let hostile = "Evil\u{1b}]52;c;cm0gLXJmIH4=\u{07}\u{1b}]8;;https://evil.example/\u{1b}\\Link\u{1b}]8;;\u{1b}\\"
        + "\u{1b}]0;pwned\u{07}\u{1b}[2J\u{07}Bell\rCR\u{08}BS\u{85}NEL\u{9b}2JCSI\u{202e}Bidi\u{202c}\u{2066}Iso\u{2069}End"

    /// A shorter one for names, which a backup limits to 100 characters.
    static let hostileName = "Acct\u{1b}]0;pwned\u{07}\u{1b}[2J\r\u{85}\u{9b}2J\u{202e}X\u{202c}"

    /// What must never appear: controls other than tab and line feed, DEL, C1, bidi controls.
    static func forbidden(_ text: String) -> [String] {
        text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
                || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    static func expectClean(_ result: ProcessResult, _ what: String, mentions visible: String? = "Evil",
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let both = result.stdout + result.stderr
        #expect(forbidden(both).isEmpty, "\(what): \(forbidden(both)) reached the terminal: \(both.debugDescription)", sourceLocation: sourceLocation)
        if let visible {
            #expect(both.contains(visible), "\(what): the visible text is gone: \(both.debugDescription)", sourceLocation: sourceLocation)
        }
    }

    /// A home with a local account named with the hostile string, a hostile folder, and a hostile
    /// feed holding a hostile article; the feed's address is `feedURL`.
    static func hostileHome(feedURL: String = "https://example.org/feed.xml") throws -> TestHome {
        let home = TestHome()
        let store = try home.store()
        let account = try store.accounts.insert(kind: .local, name: hostileName)
        let folder = try store.folders.insert(accountID: account.id, serverID: "f", name: "Folder " + hostile)
        let feed = try store.feeds.insert(accountID: account.id, folderID: folder.id, serverID: feedURL, title: hostile,
                                          url: feedURL, siteURL: nil)
        _ = try store.articles.upsert(accountID: account.id, feedID: feed.id,
                                      IncomingArticle(serverID: "a1", url: "https://example.org/1", title: "Article " + hostile,
                                                      author: hostile, text: hostile, publishedAt: Date().timeIntervalSince1970))
        return home
    }

    func lector(_ home: TestHome, _ arguments: String...) throws -> ProcessResult {
        try runProcess(TestBinary.path, arguments, environment: home.environment)
    }

    @Test("listings: feed list, folder list, account list, article list and feed show")
    func listings() throws {
        let home = try Self.hostileHome()
        Self.expectClean(try lector(home, "feed", "list"), "feed list")
        Self.expectClean(try lector(home, "folder", "list"), "folder list", mentions: "Folder")
        Self.expectClean(try lector(home, "account", "list"), "account list", mentions: "Acct")
        Self.expectClean(try lector(home, "article", "list"), "article list", mentions: "Article")
        Self.expectClean(try lector(home, "feed", "show", Self.hostile), "feed show")
    }

    /// The soft hyphen, a Hangul filler, an invisible operator, an interlinear annotation and tag
    /// characters (which spell hidden ASCII) inside a feed's and an article's titles.
    @Test("characters that show nothing are gone from listings, so a title reads as it looks")
    func invisibleCharacters() throws {
        let home = TestHome()
        let store = try home.store()
        let account = try store.accounts.insert(kind: .local, name: "Home")
        let title = "Ba\u{AD}n\u{3164}k\u{2062} \u{FFF9}News\u{E0001}\u{E0068}\u{E0069}\u{E007F}"
        let feed = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "f", title: title,
                                          url: "https://example.org/feed.xml", siteURL: nil)
        _ = try store.articles.upsert(accountID: account.id, feedID: feed.id,
                                      IncomingArticle(serverID: "a1", url: "https://example.org/1", title: "Article " + title,
                                                      author: nil, text: "body", publishedAt: Date().timeIntervalSince1970))
        for (what, result) in [("feed list", try lector(home, "feed", "list")), ("article list", try lector(home, "article", "list"))] {
            #expect(result.status == 0, "\(what): \(result.stderr)")
            #expect(result.stdout.contains("Bank News"), "\(what) does not show the title as it reads: \(result.stdout.debugDescription)")
            let invisible = result.stdout.unicodeScalars.filter { [0xAD, 0x3164, 0x2062, 0xFFF9].contains($0.value) || $0.value >= 0xE0000 }
            #expect(invisible.isEmpty, "\(what) printed \(invisible.map { String($0.value, radix: 16) })")
        }
    }

    @Test("a 'did you mean' hint built from a hostile feed title")
    func didYouMean() throws {
        let home = try Self.hostileHome()
        let result = try lector(home, "feed", "show", String(Self.hostile.dropLast()))
        #expect(result.status == 3, "not found: \(result.stderr)")
        Self.expectClean(result, "did-you-mean hint")
    }

    @Test("folder confirmations echo hostile names cleanly")
    func folderConfirmations() throws {
        let home = try Self.hostileHome()
        let renamed = try lector(home, "folder", "rename", "Folder " + Self.hostile, "Plain", "--account", Self.hostileName)
        #expect(renamed.status == 0, "rename: \(renamed.stderr)")
        Self.expectClean(renamed, "folder rename", mentions: "Folder")
        let added = try lector(home, "folder", "add", "New " + Self.hostile, "--account", Self.hostileName)
        Self.expectClean(added, "folder add", mentions: "New")
    }

    @Test("--json escapes every control character, C1 and bidi included, and keeps the value")
    func json() throws {
        let home = try Self.hostileHome()
        let result = try lector(home, "feed", "list", "--json")
        Self.expectClean(result, "feed list --json")
        #expect(result.stdout.contains("\\u0085") && result.stdout.contains("\\u009b") && result.stdout.contains("\\u202e"),
                "C1 and bidi controls must be \\u escapes: \(result.stdout)")
        let listing = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(listing.contains { $0["title"] as? String == Self.hostile }, "the escaped JSON must decode to the stored title")
        Self.expectClean(try lector(home, "article", "list", "--json"), "article list --json", mentions: "Article")
    }

    @Test("OPML export, to the terminal and to a file, carries no control character")
    func opml() throws {
        let home = try Self.hostileHome()
        Self.expectClean(try lector(home, "opml", "export", "--account", Self.hostileName), "opml export")
        let file = home.path + "/out.opml"
        _ = try lector(home, "opml", "export", file, "--account", Self.hostileName)
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(Self.forbidden(written).isEmpty, "the OPML file holds \(Self.forbidden(written))")
        #expect(written.contains("&#x85;") && written.contains("&#x202E;"), "C1 and bidi controls are character references: \(written)")
    }

    @Test("backup inspect and restore --dry-run print names from the file cleanly")
    func backupFile() throws {
        let home = try Self.hostileHome()
        let file = home.path + "/hostile-backup.json"
        let exported = try lector(home, "backup", "export", file)
        #expect(exported.status == 0, "export: \(exported.stderr)")
        let other = TestHome()
        Self.expectClean(try lector(other, "backup", "inspect", file), "backup inspect", mentions: "Acct")
        Self.expectClean(try lector(other, "backup", "restore", file, "--dry-run"), "backup restore --dry-run", mentions: "Acct")
        Self.expectClean(try lector(home, "backup", "export"), "backup export to the terminal", mentions: "Acct")
    }

    @Test("a failing feed's title on the sync line and in sync.log")
    func syncFailure() throws {
        let server = try LoopbackServer { _ in .text("nope", status: 500) }
        let home = try Self.hostileHome(feedURL: server.url("/feed.xml").absoluteString)
        let automatic = try lector(home, "sync", "--auto")
        Self.expectClean(automatic, "sync --auto", mentions: nil)
        let logPath = AppDirectories.resolve(environment: home.environment).syncLogPath
        let log = try String(contentsOfFile: logPath, encoding: .utf8)
        #expect(Self.forbidden(log).isEmpty, "sync.log holds \(Self.forbidden(log)): \(log.debugDescription)")
        #expect(log.contains("Evil"), "the failure is logged: \(log)")
        let manual = try lector(home, "sync", "--account", Self.hostileName)
        #expect(manual.stdout.contains("failed"), "the feed's failure is reported: \(manual.stdout)")
        Self.expectClean(manual, "sync")
    }
}

/// A server's error body echoed by `account add`, for the four remote kinds.
@Suite("Hostile server messages", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct HostileServerMessageTests {
    @Test("account add shows a hostile error body without its escapes", arguments: ["freshrss", "miniflux", "fever", "feedbin"])
    func errorBody(kind: String) throws {
        let body = "HOSTILE " + HostileTextTests.hostile
        // A 400 with a text body: each kind quotes the start of the body in its error line.
        let server = try LoopbackServer { _ in .text(body, status: 400) }
        let result = try runProcess(TestBinary.path, ["account", "add", kind, "--name", "X", "--url", server.baseURL.absoluteString,
                                                      "--user", "alice", "--password-stdin"],
                                    environment: TestHome().environment, stdin: "pw\n")
        #expect(result.status != 0, "\(kind): a 500 cannot add an account")
        HostileTextTests.expectClean(result, "\(kind) account add", mentions: "HOSTILE")
    }
}

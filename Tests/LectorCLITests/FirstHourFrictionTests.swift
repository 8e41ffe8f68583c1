import Foundation
import Testing
import LectorTestSupport
@testable import LectorCLI
@testable import LectorStore

/// The frictions a new user met in their first hour (issue 41), each through the binary: the
/// answer a person expects, not the one the code happened to give.
@Suite("First-hour frictions")
struct FirstHourFrictionTests {
    @Test("a verb typed without its noun, or another tool's word, suggests the commands it means", arguments: [
        (["list"], "did you mean 'account list', 'feed list', 'folder list', 'article list'…?"),
        (["ls"], "'list' needs a noun: did you mean 'account list'"),
        (["feed", "ls"], "did you mean 'feed list'?"),
        (["folder", "rm", "News"], "did you mean 'folder remove'?"),
        (["config"], "did you mean 'settings list'?"),
        (["import"], "'import' needs a noun: did you mean 'opml import'?"),
    ])
    func didYouMean(words: [String], suggestion: String) throws {
        let home = TestHome()
        let result = try home.binary(words)
        #expect(result.stderr.contains(suggestion), "\(words): \(result.stderr)")
        #expect(result.status == 2, "an unknown command is a usage error: \(result.status)")
        #expect(!result.stderr.contains("reading-list"), "'list' is not a typo of reading-list: \(result.stderr)")
    }

    @Test("a feed or folder only one account holds needs no --account, whichever account is the default")
    func nameInTheOneAccountThatHasIt() throws {
        let home = TestHome()
        try home.addFeed(title: "Harbour", folder: "Sea", account: "Work")
        try home.addFeed(title: "Garden", folder: "Home", account: "Personal")
        try home.binaryOK(["account", "use", "Personal"], "Personal is the default")
        let renamed = try home.binary(["feed", "rename", "Harbour", "Harbour Log"])
        #expect(renamed.status == 0, "Harbour is only in Work: \(renamed.stderr)")
        #expect(try home.store().feeds.list().contains { $0.feed.title == "Harbour Log" && $0.accountName == "Work" })
        let folder = try home.binary(["folder", "rename", "Sea", "Ocean"])
        #expect(folder.status == 0, "Sea is only in Work: \(folder.stderr)")
        #expect(try home.store().folders.list(accountID: nil).contains { $0.folder.name == "Ocean" && $0.accountName == "Work" })
        // A name two accounts hold is still the default account's, with a note.
        try home.addFeed(title: "Twin", folder: "Deep", account: "Work")
        try home.addFeed(title: "Twin", folder: "Home", account: "Personal")
        let twin = try home.binary(["feed", "rename", "Twin", "Twin Here"])
        #expect(twin.status == 0 && twin.stderr.contains("using the default account's"), "\(twin.stderr)")
        #expect(try home.store().feeds.list().contains { $0.feed.title == "Twin Here" && $0.accountName == "Personal" })
    }

    @Test("mark-all-read names what it would mark: the feed, the folder, the account or every account")
    func markAllReadNamesItsScope() throws {
        let home = TestHome()
        let feed = try home.addFeed(title: "Tide Tables", folder: "Sea", account: "Personal")
        _ = try home.store().articles.upsert(accountID: feed.accountID, feedID: feed.id,
                                             IncomingArticle(serverID: "t-1", url: "https://tide.example/1", title: "High water", text: "tide"),
                                             read: .unread)
        for (options, scope) in [(["--feed", "Tide Tables"], "of the feed 'Tide Tables' ('Personal')"),
                                 (["--folder", "Sea"], "in the folder 'Sea' ('Personal')"),
                                 (["--account", "Personal"], "in the account 'Personal'")] {
            let refused = try home.binary(["article", "mark-all-read"] + options)
            #expect(refused.status == 2 && refused.stderr.contains("this would mark the 1 unread article(s) \(scope) read: pass --yes"),
                    "\(options): \(refused.stderr)")
        }
        let everywhere = try home.binary(["article", "mark-all-read"])
        #expect(everywhere.stderr.contains("in every account read: pass --yes"), "\(everywhere.stderr)")
    }

    @Test("a newsboat urls file's query:, exec: and filter: lines are named as skipped, the feeds imported")
    func newsboatSkippedLinesNamed() throws {
        let home = TestHome()
        let file = home.path + "/urls"
        try FileManager.default.createDirectory(atPath: home.path, withIntermediateDirectories: true)
        try """
            https://alpha.example/feed.xml "News" "~Alpha"
            "query:Unread Articles:unread = \"yes\""

            exec:~/bin/scrape-site "~Scraped"
            filter:~/bin/clean:https://beta.example/feed.xml
            """.write(toFile: file, atomically: true, encoding: .utf8)
        try home.binaryOK(["account", "add", "local", "--name", "Personal"], "an account to import into")
        let imported = try home.binary(["opml", "import", file, "--account", "Personal"])
        #expect(imported.status == 0 && imported.stdout.contains("Imported 1 feed(s)"), "\(imported.stdout) \(imported.stderr)")
        for (line, start) in [(2, "\"query:Unread Articles"), (4, "exec:~/bin/scrape-site"), (5, "filter:~/bin/clean")] {
            #expect(imported.stderr.contains("note: line \(line) skipped: \(start)"), "line \(line) named: \(imported.stderr)")
        }
        #expect(imported.stderr.contains("saved searches") && imported.stderr.contains("runs no command"), "and why: \(imported.stderr)")
    }

    @Test("install.sh into a prefix bash does not search prints the line that makes bash find the completion; ~/.local needs none")
    func installPrintsTheBashLine() throws {
        let script = TestBinary.repositoryRoot + "/scripts/completion-notes.sh"
        let install = try String(contentsOfFile: TestBinary.repositoryRoot + "/scripts/install.sh", encoding: .utf8)
        #expect(install.contains("./scripts/completion-notes.sh \"$prefix\""), "install.sh ends with the notes")
        let environment = ["HOME": "/home/reader", "PATH": "/usr/bin:/bin"]
        let opt = try runProcess(script, ["/opt/lector"], environment: environment)
        #expect(opt.status == 0 && opt.stdout.contains("export XDG_DATA_DIRS=\"/opt/lector/share:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}\""),
                "the bash line for /opt/lector: \(opt.stdout) \(opt.stderr)")
        #expect(opt.stdout.contains("fpath=(/opt/lector/share/zsh/site-functions $fpath)"), "and zsh's: \(opt.stdout)")
        let local = try runProcess(script, ["/home/reader/.local"], environment: environment)
        #expect(!local.stdout.contains("XDG_DATA_DIRS"), "bash finds ~/.local/share by itself: \(local.stdout)")
        let listed = try runProcess(script, ["/opt/lector"], environment: environment.merging(["XDG_DATA_DIRS": "/opt/lector/share:/usr/share"]) { $1 })
        #expect(!listed.stdout.contains("XDG_DATA_DIRS"), "a prefix already in XDG_DATA_DIRS needs nothing: \(listed.stdout)")
    }

    @Test("article list --label at a terminal counts what the label is on, not the whole library; into a pipe no counts at all")
    func labelScopedCounts() throws {
        let home = TestHome()
        try home.binaryOK(["article", "list", "--limit", "3"], "number the demo's newest")
        try home.binaryOK(["article", "mark", "unread", "1-2"], "two unread")
        try home.binaryOK(["article", "mark", "star", "2"], "one starred")
        try home.binaryOK(["article", "label", "add", "keep", "1-2"], "label them")
        let library = try home.store().articles.counters(accountID: nil)
        try #require(library.unread > 2, "the demo library has more unread than the label: \(library)")
        let shown = try runAtTerminal(home, ["article", "list", "--label", "keep"], answer: "", after: "\u{0}never")
        let first = shown.stdout.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        #expect(first.contains("2 unread") && first.contains("1 starred"), "the counts of the label's articles: \(first)")
        #expect(!shown.stdout.contains("\(library.unread) unread"), "not the library's counts: \(shown.stdout)")
        let piped = try home.binaryOK(["article", "list", "--label", "keep"], "into a pipe")
        #expect(!piped.stdout.contains("unread"), "no counts into a pipe: \(piped.stdout)")
    }

    @Test("feed refresh FEED on a local account fetches that feed alone, and records no sync of the account")
    func localRefreshFetchesOneFeed() throws {
        final class Requests: @unchecked Sendable {
            private let lock = NSLock()
            private var paths: [String] = []
            func add(_ path: String) { lock.withLock { paths.append(path) } }
            var all: [String] { lock.withLock { paths } }
        }
        let site = StaticSite(), requests = Requests()
        for name in ["alpha", "beta"] { site.serve("/\(name).xml", text: FeedCheckCommandTests.rss(name), contentType: "application/rss+xml") }
        let server = try LoopbackServer { request in
            requests.add(request.path)
            return site.respond(to: request)
        }
        defer { server.stop() }
        let home = TestHome()
        try home.binaryOK(["account", "add", "local", "--name", "Mine"], "a local account")
        let store = try home.store()
        let mine = try #require(try store.accounts.named("Mine"))
        for name in ["alpha", "beta"] {
            let url = server.url("/\(name).xml").absoluteString
            try store.feeds.insert(accountID: mine.id, folderID: nil, serverID: url, title: name, url: url, siteURL: nil)
        }
        let refreshed = try home.binary(["feed", "refresh", "alpha"])
        #expect(refreshed.status == 0, "\(refreshed.stdout) \(refreshed.stderr)")
        #expect(requests.all == ["/alpha.xml"], "only alpha was fetched: \(requests.all)")
        let feeds = try home.store().feeds.list(accountID: mine.id)
        #expect(feeds.first { $0.feed.title == "alpha" }?.articleCount == 1 && feeds.first { $0.feed.title == "beta" }?.articleCount == 0,
                "\(feeds.map { ($0.feed.title, $0.articleCount) })")
        #expect(try home.store().sync.status(accountID: mine.id).lastSuccessAt == nil, "one feed's refresh is not the account's sync")
    }

    @Test("backup export's summary and backup inspect name the saved profiles")
    func profilesInTheBackupSummary() throws {
        let home = TestHome()
        try home.binaryOK(["profile", "save", "evening", "--description", "Evening reading"], "save a profile")
        let file = home.path + "/backup.json"
        let exported = try home.binaryOK(["backup", "export", file], "export")
        #expect(exported.stdout.contains("1 profile(s)"), "the export counts the profiles: \(exported.stdout)")
        let inspected = try home.binaryOK(["backup", "inspect", file], "inspect")
        #expect(inspected.stdout.contains("profiles: 1 profile(s): evening"), "inspect names them: \(inspected.stdout)")
    }
}

/// What a person sees at a terminal after `account add`: the service's own word for the secret
/// in the prompt, and the next commands to type.
@Suite("First-hour frictions at a terminal", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct FirstHourTerminalTests {
    @Test("account add freshrss asks for the API password and then says what to type next; off a terminal, only the confirmation")
    func freshRSSPromptAndNextSteps() throws {
        let service = try ServiceUnderTest.start("freshrss")
        let home = TestHome()
        let url = service.server.baseURL.absoluteString
        let added = try runAtTerminal(home, ["account", "add", "freshrss", "--url", url, "--user", "alice", "--name", "Server"],
                                      answer: service.secret, after: "API password for alice: ")
        #expect(added.status == 0, "\(added.stdout) \(added.stderr)")
        #expect(added.stdout.contains("API password for alice: "), "the prompt names FreshRSS's API password: \(added.stdout)")
        #expect(added.stdout.contains("Next:") && added.stdout.contains("lector sync") && added.stdout.contains("lector browse"),
                "next steps after adding: \(added.stdout)")
        let scriptHome = TestHome()
        let scripted = try scriptHome.binary(service.addArguments(name: "Scripted"), stdin: service.secret + "\n")
        #expect(scripted.status == 0 && !scripted.stdout.contains("Next:"), "a script gets the confirmation alone: \(scripted.stdout)")
    }

    @Test("account add local at a terminal suggests adding feeds, naming --account when the new account is not the default")
    func localNextSteps() throws {
        let home = TestHome()
        try home.addFeed(title: "Alpha", account: "Personal")
        try home.binaryOK(["account", "use", "Personal"], "Personal is the default")
        let added = try runAtTerminal(home, ["account", "add", "local", "--name", "Side"], answer: "", after: "\u{0}never")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("lector feed add URL --account 'Side'"), "the next step names the new account: \(added.stdout)")
    }

    @Test("folder remove of an empty folder at a terminal asks nothing; one with feeds still asks")
    func emptyFolderNoQuestion() throws {
        let home = TestHome()
        try home.addFeed(title: "Alpha", folder: "Full", account: "Personal")
        try home.binaryOK(["folder", "add", "Empty", "--account", "Personal"], "an empty folder")
        let removed = try runAtTerminal(home, ["folder", "remove", "Empty"], answer: "n", after: "Delete folder 'Empty'?")
        #expect(removed.status == 0 && !removed.stdout.contains("Delete folder 'Empty'?") && removed.stdout.contains("Deleted folder 'Empty'"),
                "no question for an empty folder: \(removed.stdout)")
        let kept = try runAtTerminal(home, ["folder", "remove", "Full"], answer: "n", after: "Delete folder 'Full'?")
        #expect(kept.stdout.contains("Delete folder 'Full'?") && kept.stdout.contains("Nothing changed"), "a folder with feeds asks: \(kept.stdout)")
    }
}

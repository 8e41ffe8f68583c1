import Foundation
import Testing
import LectorStore
import LectorTestSupport
@testable import LectorCLI
@testable import LectorSync

/// `feed check` through the `lector` binary against a loopback feed server: the table worst
/// first, --json, --fix --dry-run changing nothing, --fix --yes repairing, a check after it clean.
@Suite("feed check through the binary", .serialized)
struct FeedCheckCommandTests {
    static func rss(_ title: String) -> String {
        "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title><item><title>one</title><guid>\(title)-1</guid><pubDate>\(HTTPDateFormat.format(Date().addingTimeInterval(-86_400)))</pubDate></item></channel></rss>"
    }

    @Test("moved and not a feed found, the copy in another account said once and not called a duplicate; --fix --dry-run changes nothing; --fix --yes repairs; the next check is clean")
    func checkAndFix() throws {
        let site = StaticSite()
        site.serve("/ok.xml", text: Self.rss("ok"), contentType: "application/rss+xml")
        site.redirect("/old.xml", to: "/new.xml", status: 308)
        site.serve("/new.xml", text: Self.rss("new"), contentType: "application/rss+xml")
        site.serve("/page.html", text: "<html><head><link rel=\"alternate\" type=\"application/atom+xml\" href=\"/page.atom\"></head></html>", contentType: "text/html")
        site.serve("/page.atom", text: Self.rss("page"), contentType: "application/rss+xml")
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        let home = TestHome()
        func lector(_ arguments: String...) throws -> ProcessResult { try runProcess(TestBinary.path, arguments, environment: home.environment) }
        _ = try lector("account", "add", "local", "--name", "Mine")
        _ = try lector("account", "add", "local", "--name", "Other")
        try FileManager.default.createDirectory(atPath: home.path, withIntermediateDirectories: true)
        let mine = home.path + "/mine.urls", other = home.path + "/other.urls"
        try ["/ok.xml", "/old.xml", "/page.html"].map { "\(server.url($0).absoluteString) \"~\($0.dropFirst())\"" }.joined(separator: "\n").write(toFile: mine, atomically: true, encoding: .utf8)
        try server.url("/ok.xml").absoluteString.write(toFile: other, atomically: true, encoding: .utf8)
        #expect(try lector("feed", "apply", mine, "--account", "Mine").status == 0, "apply Mine failed")
        #expect(try lector("feed", "apply", other, "--account", "Other").status == 0, "apply Other failed")

        let checked = try lector("feed", "check", "--json")
        #expect(checked.status == 0, "feed check exited \(checked.status): \(checked.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [String: Any] ?? [:]
        let feeds = json["feeds"] as? [[String: Any]] ?? []
        let kinds = Dictionary(feeds.map { ("\($0["account"] ?? "") \(URL(string: $0["url"] as? String ?? "")?.path ?? "")",
                                            ($0["findings"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }) },
                               uniquingKeysWith: { first, _ in first })
        #expect(kinds == ["Mine /page.html": ["not-a-feed"], "Mine /old.xml": ["moved"], "Mine /ok.xml": [], "Other /ok.xml": []],
                "the findings (a feed in two accounts, as account copy makes it, is no duplicate): \(kinds)")
        #expect(json["also_in_another_account"] as? Int == 2, "both copies of ok.xml are counted once in the JSON: \(json["also_in_another_account"] ?? "none")")
        let text = try lector("feed", "check")
        // Into a pipe the notes go to stderr: stdout is the table.
        let notes = text.stderr.components(separatedBy: "\n").filter { $0.contains("also subscribed in another account") }
        #expect(notes == ["note: 2 feed(s) are also subscribed in another account (as account copy makes them): not counted as duplicates"],
                "one note for the copies, not a finding per feed: \(text.stderr)")
        #expect(!text.stdout.contains("note:") && !text.stdout.contains("checked"), "stdout holds rows only: \(text.stdout)")
        #expect(feeds.first?["severity"] as? String == "error", "the worst first: \(feeds.map { $0["severity"] ?? "" })")

        let dry = try lector("feed", "check", "--fix", "--dry-run")
        #expect(dry.status == 0 && dry.stdout.contains("~ feed 'old.xml': change address from \(server.url("/old.xml").absoluteString) to \(server.url("/new.xml").absoluteString)"),
                "the dry run's repairs: \(dry.stdout) \(dry.stderr)")
        // With --fix too stdout is the report and its repairs; the notes go to stderr.
        #expect(!dry.stdout.contains("note:") && dry.stderr.contains("note: 2 feed(s) are also subscribed in another account"),
                "--fix's notes on stderr, not stdout: stdout \(dry.stdout) stderr \(dry.stderr)")
        let refused = try lector("feed", "check", "--fix")
        #expect(refused.status == 2 && refused.stderr.contains("pass --yes"), "--fix off a terminal without --yes: \(refused.status) \(refused.stderr)")

        let fixed = try lector("feed", "check", "--fix", "--yes")
        #expect(fixed.status == 0 && fixed.stdout.contains("Applied 2 of 2 step(s) to 'Mine'."), "the repairs: \(fixed.stdout) \(fixed.stderr)")
        let urls = try JSONSerialization.jsonObject(with: Data(try lector("feed", "list", "--account", "Mine", "--json").stdout.utf8)) as? [[String: Any]] ?? []
        #expect(Set(urls.compactMap { URL(string: $0["url"] as? String ?? "")?.path }) == ["/ok.xml", "/new.xml", "/page.atom"], "Mine's feeds after the repairs: \(urls)")
        let after = try lector("feed", "check", "--account", "Mine", "--fix", "--dry-run")
        #expect(after.stdout.contains("Nothing to repair."), "after the repairs: \(after.stdout)")
    }

    /// A members-only feed whose server, once given the login, answers 301 to `location(elsewhere)`;
    /// `elsewhere` (another port: another origin) serves the feed to anyone and keeps every request.
    static func movingLoginFeed(to location: @escaping @Sendable (ServerRequest, LoopbackServer) -> String) throws -> (home: LoopbackServer, elsewhere: LoopbackServer) {
        let elsewhere = try LoopbackServer { _ in .text(Self.rss("Moved"), headers: [("Content-Type", "application/rss+xml")]) }
        let expected = "Basic " + Data("alice:pw".utf8).base64EncodedString()
        let home = try LoopbackServer { request in
            guard request.header("Authorization") == expected else { return .text("who are you", status: 401) }
            return request.path == "/members.xml" ? ServerResponse(status: 301, headers: [("Location", location(request, elsewhere))])
                : .text(Self.rss("Moved"), headers: [("Content-Type", "application/rss+xml")])
        }
        return (home, elsewhere)
    }

    static func origin(_ server: LoopbackServer) -> String {
        let url = server.url("/")
        return "http://\(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")"
    }

    @Test("--fix never carries a feed's login to another origin on --yes alone: the plan names both origins; --move-login-to ORIGIN consents",
          .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
    func loginStaysOnItsOrigin() throws {
        let (home, elsewhere) = try Self.movingLoginFeed { _, elsewhere in elsewhere.url("/feed.xml").absoluteString }
        defer { home.stop(); elsewhere.stop() }
        let test = TestHome()
        func lector(_ arguments: String...) throws -> ProcessResult { try runProcess(TestBinary.path, arguments, environment: test.environment) }
        _ = try lector("account", "add", "local", "--name", "Mine")
        let typed = home.url("/members.xml").absoluteString
        let added = try runProcess(TestBinary.path, ["feed", "add", typed, "--login", "alice", "--password-stdin", "--title", "Members"],
                                   environment: test.environment, stdin: "pw\n")
        try #require(added.status == 0, "feed add: \(added.stderr)")
        let (from, to) = (Self.origin(home), Self.origin(elsewhere))

        let dry = try lector("feed", "check", "--fix", "--dry-run")
        #expect(dry.stdout.contains("its login (alice) would go from \(from) to \(to)"), "the plan should name both origins: \(dry.stdout)")
        let yes = try lector("feed", "check", "--fix", "--yes")
        #expect(yes.status == 2 && yes.stdout.contains("--move-login-to \(to)"), "--yes alone moved the login, or did not say how to consent: \(yes.status) \(yes.stdout) \(yes.stderr)")
        #expect(try test.store().feeds.list().first?.feed.url == typed, "the feed moved without consent")
        _ = try lector("sync")
        #expect(elsewhere.requests.allSatisfy { $0.header("Authorization") == nil }, "the other origin received the login")

        let consented = try lector("feed", "check", "--fix", "--yes", "--move-login-to", to)
        #expect(consented.status == 0, "the consented repair: \(consented.stdout) \(consented.stderr)")
        #expect(try test.store().feeds.list().first?.feed.url == elsewhere.url("/feed.xml").absoluteString, "the consented move did not happen")
        _ = try lector("feed", "remove", "Members", "--yes")
    }

    @Test("a 301 whose Location carries user:password@ is followed without it: never printed, never stored, the user's own login kept",
          .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
    func locationLoginDropped() throws {
        // The move stays on the feed's own origin, with a login of the server's own in the Location.
        let (home, elsewhere) = try Self.movingLoginFeed { request, _ in "http://mallory:stolen@\(request.header("Host") ?? "")/new.xml" }
        defer { home.stop(); elsewhere.stop() }
        let test = TestHome()
        func lector(_ arguments: String...) throws -> ProcessResult { try runProcess(TestBinary.path, arguments, environment: test.environment) }
        _ = try lector("account", "add", "local", "--name", "Mine")
        let added = try runProcess(TestBinary.path, ["feed", "add", home.url("/members.xml").absoluteString, "--login", "alice", "--password-stdin",
                                                     "--title", "Members"], environment: test.environment, stdin: "pw\n")
        try #require(added.status == 0, "feed add: \(added.stderr)")
        let checked = try lector("feed", "check", "--json")
        let fixed = try lector("feed", "check", "--fix", "--yes")
        for output in [checked.stdout, checked.stderr, fixed.stdout, fixed.stderr] {
            #expect(!output.contains("stolen") && !output.contains("mallory"), "the Location's login was printed: \(output)")
        }
        #expect(fixed.status == 0, "the repair on the same origin: \(fixed.stdout) \(fixed.stderr)")
        let feed = try #require(try test.store().feeds.list().first?.feed)
        #expect(feed.url == home.url("/new.xml").absoluteString && feed.loginUser == "alice", "the feed after the move: \(feed.url) \(String(describing: feed.loginUser))")
        let sync = try lector("sync")
        #expect(sync.status == 0, "the sync after the move: \(sync.stdout) \(sync.stderr)")
        let sent = home.requests.filter { $0.path == "/new.xml" }.compactMap { $0.header("Authorization") }
        #expect(!sent.isEmpty && sent.allSatisfy { $0 == "Basic " + Data("alice:pw".utf8).base64EncodedString() },
                "the sync should send the user's own login, not the Location's: \(sent)")
        _ = try lector("feed", "remove", "Members", "--yes")
    }

    @Test("on a terminal (100 columns) the feed's title gets the width first and the findings wrap under its row; a remote feed Lector never fetched is not 'never' OK")
    func tableGivesTheTitleTheWidth() throws {
        let home = TestHome()
        let store = try home.store()
        let local = try store.accounts.insert(kind: .local, name: "Mine", url: nil, username: nil)
        let remote = try store.accounts.insert(kind: .freshrss, name: "Served", url: "https://rss.example/api/greader.php/", username: "alice")
        let title = "Field Notes from the Northern Observatory, Annotated Weekly"
        let long = try store.feeds.insert(accountID: local.id, folderID: nil, serverID: "a", title: title, url: "https://observatory.example/notes/feed.xml", siteURL: nil)
        let served = try store.feeds.insert(accountID: remote.id, folderID: nil, serverID: "b", title: "Served feed", url: "https://served.example/feed.xml", siteURL: nil)
        let now = Date()
        let reason = GoneReason.notFound(status: 404, message: "https://observatory.example/notes/feed.xml answered HTTP 404 Not Found", checks: 3)
        let feeds = [
            FeedHealth(feed: long, account: local, folderName: nil, lastSuccessAt: nil, lastError: nil, failingSince: nil, requested: true,
                       findings: [.gone(reason), .duplicate(of: ["Other / no folder / Field Notes from the Northern Observatory"])]),
            FeedHealth(feed: served, account: remote, folderName: nil, lastSuccessAt: nil, lastError: nil, failingSince: nil, requested: true,
                       findings: [.failing(reason: "https://served.example/feed.xml answered HTTP 403", checks: 1)]),
        ]
        let rendered = FeedCheckCommand.table(feeds, showAccount: true, now: now, width: 100)
        let lines = rendered.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 100 }, "a line is wider than 100:\n\(rendered)")
        let row = try #require(lines.firstIndex { $0.contains(title) }, "the title was cut:\n\(rendered)")
        #expect(!lines[row].contains("gone"), "the findings should be under the row, not beside the title:\n\(rendered)")
        let below = lines[(row + 1)...].prefix { !$0.contains("Served feed") }.joined(separator: " ")
        let words = below.split(separator: " ").joined(separator: " ")
        #expect(words.contains("gone: " + reason.description) && words.contains("also subscribed as Other / no folder"), "the findings, wrapped under the row:\n\(rendered)")
        let servedRow = try #require(lines.first { $0.contains("Served feed") })
        #expect(!servedRow.contains("never"), "a remote feed's server fetches it: Lector's 'never' is not its last success:\n\(rendered)")
        let plain = FeedCheckCommand.table(feeds, showAccount: true, now: now, width: nil)
        #expect(plain.split(separator: "\n").first?.contains(title + "\t") == true && plain.contains("gone: " + reason.description), "off a terminal a row stays whole: \(plain)")
    }

    @Test("feed check right after a sync asks again: a feed that began answering 301 a minute later is reported moved, not ok")
    func checkRightAfterSync() throws {
        let site = StaticSite()
        site.serve("/feed.xml", text: Self.rss("feed"), contentType: "application/rss+xml")
        site.serve("/new.xml", text: Self.rss("new"), contentType: "application/rss+xml")
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        let home = TestHome()
        func lector(_ arguments: String...) throws -> ProcessResult { try runProcess(TestBinary.path, arguments, environment: home.environment) }
        _ = try lector("account", "add", "local", "--name", "Mine")
        #expect(try lector("feed", "add", server.url("/feed.xml").absoluteString, "--title", "Moving").status == 0, "feed add failed")
        #expect(try lector("sync").status == 0, "sync failed")
        site.redirect("/feed.xml", to: "/new.xml", status: 301)
        let checked = try lector("feed", "check")
        #expect(checked.stdout.contains("moved for good to \(server.url("/new.xml").absoluteString)") && !checked.stdout.contains("not asked again"),
                "a check you ask for asks: \(checked.stdout) \(checked.stderr)")
    }

    @Test("FreshRSS: the plan says the moved feed is re-subscribed and what goes with the old subscription; the repair stars its starred articles again in the new one",
          .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
    func freshRSSMoveKeepsStars() throws {
        try freshRSSMove(newStories: 1...4) { home, service, lector, old, new in
            let fixed = try lector(["feed", "check", "--fix", "--yes"])
            #expect(fixed.status == 0, "the repair: \(fixed.stdout) \(fixed.stderr)")
            #expect(service.feeds.feeds.map(\.feedURL) == [new], "the server's feeds: \(service.feeds.feeds.map(\.feedURL))")
            #expect(service.feeds.items.filter(\.starred).map(\.url).sorted() == ["https://harbour.example/1", "https://harbour.example/3"],
                    "the starred articles on the server after the repair: \(service.feeds.items.filter(\.starred).map(\.url))")
            let starred = try home.store().articles.list(ArticleQuery(starredOnly: true, limit: 10)).compactMap(\.url).sorted()
            #expect(starred == ["https://harbour.example/1", "https://harbour.example/3"], "the starred articles in the store: \(starred)")
        }
    }

    @Test("FreshRSS: when a starred article is not in the new subscription, --fix keeps the old one, stars and all, and says so (exit 4, a conflict)",
          .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
    func freshRSSMoveKeepsTheOldWhenAStarIsMissing() throws {
        try freshRSSMove(newStories: 2...4) { _, service, lector, old, new in
            let fixed = try lector(["feed", "check", "--fix", "--yes"])
            #expect(fixed.status == 4 && fixed.stdout.contains("its old subscription stays: 1 of its 2 starred article(s) are not in the new one"),
                    "the repair should keep the old subscription and say why: \(fixed.status) \(fixed.stdout) \(fixed.stderr)")
            #expect(Set(service.feeds.feeds.map(\.feedURL)) == [old, new], "the server's feeds: \(service.feeds.feeds.map(\.feedURL))")
            #expect(service.feeds.items.filter { $0.starred && $0.url == "https://harbour.example/1" }.count == 1, "the unmatched star was lost on the server")
        }
    }

    /// A FreshRSS account (GReader emulator) whose feed 'Harbour' (four stories, 1 and 3 starred)
    /// moved for good to an address whose feed carries `newStories`; synced once.
    private func freshRSSMove(newStories: ClosedRange<Int>,
                              _ body: (TestHome, ServiceUnderTest, ([String]) throws -> ProcessResult, String, String) throws -> Void) throws {
        let site = StaticSite()
        site.serve("/new.xml", text: Self.rss("new"), contentType: "application/rss+xml")
        let feedServer = try LoopbackServer(handler: site.handler)
        defer { feedServer.stop() }
        let (old, new) = (feedServer.url("/old.xml").absoluteString, feedServer.url("/new.xml").absoluteString)
        site.redirect("/old.xml", to: "/new.xml", status: 301)
        let service = try ServiceUnderTest.start("freshrss")
        defer { service.server.stop() }
        let feed = service.feeds.addFeed(title: "Harbour", feedURL: old, folder: "News")
        for n in 1...4 {
            service.feeds.addItem(feed: feed, title: "Story \(n)", url: "https://harbour.example/\(n)", published: 1_700_000_000 + Int64(n), starred: n == 1 || n == 3)
        }
        service.feeds.addRemoteFeed(LectorTestSupport.RemoteFeed(feedURL: new, title: "Harbour", entries: newStories.map {
            LectorTestSupport.RemoteEntry(title: "Story \($0)", url: "https://harbour.example/\($0)", published: 1_700_000_000 + Int64($0))
        }))
        let home = TestHome()
        func lector(_ arguments: String...) throws -> ProcessResult { try runProcess(TestBinary.path, arguments, environment: home.environment) }
        let added = try runProcess(TestBinary.path, service.addArguments(name: "Fresh"), environment: home.environment, stdin: service.secret + "\n")
        try #require(added.status == 0, "account add: \(added.stderr)")
        #expect(try lector("sync").status == 0, "sync failed")

        let dry = try lector("feed", "check", "--fix", "--dry-run")
        #expect(dry.stdout.contains("~ feed 'Harbour': re-subscribe at \(new): a freshrss account cannot change an address; its 4 article(s), 2 starred, go with the old subscription"),
                "the plan should say what the step is: \(dry.stdout) \(dry.stderr)")
        try body(home, service, { try runProcess(TestBinary.path, $0, environment: home.environment) }, old, new)
    }

    @Test("--move-login-to takes an origin: anything else is refused with one line before anything is asked or changed")
    func moveLoginToNeedsAnOrigin() throws {
        let home = TestHome()
        _ = try runProcess(TestBinary.path, ["account", "add", "local", "--name", "Mine"], environment: home.environment)
        let refused = try runProcess(TestBinary.path, ["feed", "check", "--fix", "--yes", "--move-login-to", "feeds.example"], environment: home.environment)
        #expect(refused.status == 2 && refused.stderr.contains("--move-login-to takes an origin"), "a bad origin: \(refused.status) \(refused.stdout) \(refused.stderr)")
    }

    @Test("a 410 is gone on the first check, an error at once; a 404 is failing until it has answered three checks")
    func goneAtOnceOn410() throws {
        let site = StaticSite()
        let server = try LoopbackServer { request in
            request.path == "/removed.xml" ? .text("Gone", status: 410) : site.respond(to: request)
        }
        defer { server.stop() }
        let home = TestHome()
        _ = try runProcess(TestBinary.path, ["account", "add", "local", "--name", "Mine"], environment: home.environment)
        let store = try home.store()
        let mine = try #require(try store.accounts.named("Mine"))
        for path in ["/removed.xml", "/missing.xml"] {
            let url = server.url(path).absoluteString
            try store.feeds.insert(accountID: mine.id, folderID: nil, serverID: url, title: String(path.dropFirst()), url: url, siteURL: nil)
        }
        let checked = try runProcess(TestBinary.path, ["feed", "check", "--json"], environment: home.environment)
        let json = try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [String: Any] ?? [:]
        let kinds = Dictionary(((json["feeds"] as? [[String: Any]]) ?? []).map { feed in
            (feed["feed"] as? String ?? "", ((feed["findings"] as? [[String: Any]]) ?? []).compactMap { $0["kind"] as? String })
        }, uniquingKeysWith: { first, _ in first })
        #expect(kinds["removed.xml"] == ["gone"], "410 Gone says so on the first look: \(kinds) \(checked.stderr)")
        #expect(kinds["missing.xml"] == ["failing"], "one 404 is not gone yet: \(kinds)")
        let text = try runProcess(TestBinary.path, ["feed", "check", "--plain"], environment: home.environment)
        let row = text.stdout.split(separator: "\n").first { $0.contains("removed.xml") }.map(String.init) ?? ""
        #expect(row.hasPrefix("error\tMine\tremoved.xml\tgone: ") && row.contains("410"), "the plain row: \(text.stdout)")
    }
}

import Foundation
import Testing
import LectorTestSupport

/// `feed apply` through the `lector` binary: the plan printed like a diff, applied to a local
/// account and to a FreshRSS (GReader emulator) account, `--json` per step, a second run that
/// changes nothing, and a refused file that changes nothing.
@Suite("feed apply through the binary", .serialized)
struct FeedApplyCommandTests {
    static let opml = """
        <?xml version="1.0"?><opml version="2.0"><head><title>mine</title></head><body>
        <outline text="Tech"><outline type="rss" text="Harbour" xmlUrl="https://harbour.example/feed.xml"/></outline>
        <outline text="Fresh"><outline type="rss" text="Lighthouse" xmlUrl="https://lighthouse.example/rss"/></outline>
        </body></opml>
        """

    static func write(_ text: String, in home: TestHome, name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: home.path, withIntermediateDirectories: true)
        let path = home.path + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func json(_ result: ProcessResult) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    }

    @Test("feed apply --prune at a terminal: answering n unsubscribes nothing, answering y applies the plan", arguments: ["n", "y"])
    func pruneQuestionIsHonoured(answer: String) throws {
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Mine")
        _ = try home.addFeed(title: "Old One", folder: "Attic", account: "Mine")
        let file = try Self.write(Self.opml, in: home, name: "feeds.opml")
        let result = try runAtTerminal(home, ["feed", "apply", file, "--prune"], answer: answer, after: "[y/N]")
        #expect(result.status == 0, "feed apply --prune answered \(answer) exited \(result.status): \(result.stderr) \(result.stdout)")
        #expect(result.stdout.contains("Unsubscribe 1 feed(s) of 'Mine'"), "the question was not asked: \(result.stdout)")
        let titles = Set(try home.store().feeds.list().map(\.feed.title))
        if answer == "n" {
            #expect(titles.contains("Old One") && !titles.contains("Harbour"), "answering n must change nothing: \(titles.sorted())")
        } else {
            #expect(!titles.contains("Old One") && titles.isSuperset(of: ["Harbour", "Lighthouse"]), "answering y must apply the plan: \(titles.sorted())")
        }
    }

    @Test("a local account: dry run changes nothing, apply makes the feeds match, the second apply is empty; --prune removes the rest")
    func localAccount() throws {
        let home = TestHome()
        let env = home.environment
        _ = try runProcess(TestBinary.path, ["account", "add", "local", "--name", "Mine"], environment: env)
        _ = try home.addFeed(title: "Old One", folder: "Attic", account: "Mine")
        let file = try Self.write(Self.opml, in: home, name: "feeds.opml")

        let dry = try runProcess(TestBinary.path, ["feed", "apply", file, "--dry-run"], environment: env)
        #expect(dry.status == 0, "dry run exited \(dry.status): \(dry.stderr)")
        #expect(dry.stdout.contains("+ folder Tech") && dry.stdout.contains("+ feed https://harbour.example/feed.xml 'Harbour' in Tech"),
                "the dry run's plan: \(dry.stdout)")
        let listed = try runProcess(TestBinary.path, ["feed", "list", "--json"], environment: env)
        #expect(!listed.stdout.contains("harbour.example"), "a dry run subscribed: \(listed.stdout)")

        let applied = try runProcess(TestBinary.path, ["feed", "apply", file], environment: env)
        #expect(applied.status == 0, "apply exited \(applied.status): \(applied.stderr)")
        #expect(applied.stdout.contains("Applied 4 of 4 step(s) to 'Mine'."), "apply's summary: \(applied.stdout)")
        let again = try runProcess(TestBinary.path, ["feed", "apply", file, "--json"], environment: env)
        let againJSON = try Self.json(again)
        #expect(again.status == 0 && (againJSON["steps"] as? [Any])?.isEmpty == true, "the second apply should plan nothing: \(again.stdout)")

        let unconfirmed = try runProcess(TestBinary.path, ["feed", "apply", file, "--prune"], environment: env)
        #expect(unconfirmed.status == 2 && unconfirmed.stderr.contains("unsubscribes 1 feed(s) of 'Mine'") && unconfirmed.stderr.contains("--yes"),
                "off a terminal, a plan that unsubscribes needs --yes: exit \(unconfirmed.status), \(unconfirmed.stderr)")
        #expect(unconfirmed.stdout.contains("- feed 'Old One'"), "the refused plan is still shown: \(unconfirmed.stdout)")
        #expect(try runProcess(TestBinary.path, ["feed", "list"], environment: env).stdout.contains("Old One"), "nothing was unsubscribed without --yes")
        let pruned = try runProcess(TestBinary.path, ["feed", "apply", file, "--prune", "--yes", "--json"], environment: env)
        let steps = try Self.json(pruned)["steps"] as? [[String: Any]] ?? []
        #expect(pruned.status == 0, "apply --prune exited \(pruned.status): \(pruned.stderr)")
        #expect(steps.map { "\($0["sign"] ?? "") \($0["op"] ?? "") \($0["outcome"] ?? "")" } == ["- unsubscribe done", "- delete-folder done"],
                "--prune's steps: \(pruned.stdout)")
        let feeds = try JSONSerialization.jsonObject(with: Data(try runProcess(TestBinary.path, ["feed", "list", "--json"], environment: env).stdout.utf8)) as? [[String: Any]] ?? []
        #expect(Set(feeds.compactMap { $0["url"] as? String }) == ["https://harbour.example/feed.xml", "https://lighthouse.example/rss"],
                "the feeds after --prune: \(feeds)")
    }

    @Test("a file with an address that is not a web address: exit 2, one line, nothing changed")
    func badFileChangesNothing() throws {
        let home = TestHome()
        _ = try runProcess(TestBinary.path, ["account", "add", "local", "--name", "Mine"], environment: home.environment)
        let file = try Self.write("https://good.example/feed.xml\nftp://bad.example/feed\n", in: home, name: "urls")
        let result = try runProcess(TestBinary.path, ["feed", "apply", file], environment: home.environment)
        #expect(result.status == 2, "exit \(result.status), stderr: \(result.stderr)")
        #expect(result.stderr.contains("'ftp://bad.example/feed' is not a web address; nothing was changed"), "stderr: \(result.stderr)")
        let listed = try runProcess(TestBinary.path, ["feed", "list", "--json"], environment: home.environment)
        #expect(!listed.stdout.contains("good.example"), "a refused file subscribed: \(listed.stdout)")
    }

    @Test("an OPML file cut short: 'feed apply --prune' exits 1 saying so, and unsubscribes nothing the cut left out")
    func truncatedFileChangesNothing() throws {
        let home = TestHome()
        let env = home.environment
        _ = try runProcess(TestBinary.path, ["account", "add", "local", "--name", "Mine"], environment: env)
        _ = try runProcess(TestBinary.path, ["feed", "apply", try Self.write(Self.opml, in: home, name: "whole.opml")], environment: env)
        let cut = String(Self.opml[..<Self.opml.range(of: "<outline text=\"Fresh\"")!.lowerBound])
        let result = try runProcess(TestBinary.path, ["feed", "apply", try Self.write(cut, in: home, name: "cut.opml"), "--prune", "--yes"], environment: env)
        #expect(result.status == 1 && result.stderr.contains("cut short"), "exit \(result.status), stderr: \(result.stderr)")
        let listed = try runProcess(TestBinary.path, ["feed", "list", "--json"], environment: env)
        #expect(listed.stdout.contains("lighthouse.example"), "the feed after the cut was unsubscribed: \(listed.stdout)")
    }

    @Test("a FreshRSS account: a newsboat urls file applied through the server, --json per step, the second run empty",
          .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
    func freshRSSAccount() throws {
        let feeds = FeedStore()
        feeds.addFeed(title: "Harbour News", feedURL: "https://harbour.example/feed.xml", siteURL: "https://harbour.example/", folder: "News")
        feeds.addRemoteFeed(RemoteFeed(feedURL: "https://lighthouse.example/rss", title: "Lighthouse Weekly"))
        let service = try ServiceUnderTest.start("freshrss", feeds: feeds)
        let home = TestHome()
        let added = try runProcess(TestBinary.path, service.addArguments(name: "Server"), environment: home.environment, stdin: service.secret + "\n")
        try #require(added.status == 0, "account add failed: \(added.stderr)")
        #expect(try runProcess(TestBinary.path, ["sync"], environment: home.environment).status == 0, "the first sync failed")
        let file = try Self.write("""
            https://harbour.example/feed.xml "Tech"
            https://lighthouse.example/rss "Fresh" "~Lamps"
            """, in: home, name: "urls")
        let applied = try runProcess(TestBinary.path, ["feed", "apply", file, "--json"], environment: home.environment)
        #expect(applied.status == 0, "apply exited \(applied.status): \(applied.stderr)")
        let steps = try Self.json(applied)["steps"] as? [[String: Any]] ?? []
        #expect(steps.map { "\($0["op"] ?? "") \($0["outcome"] ?? "")" }
                == ["create-folder done", "create-folder done", "subscribe done", "move done"], "the steps: \(applied.stdout)")
        let folders = Dictionary(uniqueKeysWithValues: feeds.folders.map { ($0.id, $0.name) })
        let server = Set(feeds.feeds.map { "\($0.title) | \(folders[$0.folderID] ?? "") | \($0.feedURL)" })
        #expect(server == ["Harbour News | Tech | https://harbour.example/feed.xml", "Lamps | Fresh | https://lighthouse.example/rss"],
                "the server after apply: \(server)")
        let again = try runProcess(TestBinary.path, ["feed", "apply", file], environment: home.environment)
        #expect(again.status == 0 && again.stdout.contains("Nothing to change"), "the second apply: \(again.stdout) \(again.stderr)")
    }
}

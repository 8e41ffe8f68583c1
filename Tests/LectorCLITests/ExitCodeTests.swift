import Foundation
import Testing
import LectorTestSupport
@testable import LectorCLI

/// Every documented error path of the exit-code table, through the real binary, checking its code.
@Suite("Exit codes: one table, every documented path")
struct ExitCodeTests {
    private func lector(_ home: TestHome, _ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
        try runProcess(TestBinary.path, arguments, environment: home.environment, stdin: stdin)
    }

    private func expect(_ home: TestHome, _ arguments: [String], _ status: LectorCLI.ExitStatus, stdin: String? = nil,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessResult {
        let result = try lector(home, arguments, stdin: stdin)
        #expect(result.status == status.rawValue,
                "lector \(arguments.joined(separator: " ")) should exit \(status.rawValue) (\(status.name)), got \(result.status): \(result.stderr)",
                sourceLocation: sourceLocation)
        return result
    }

    @Test("docs/exit-codes.md's exit-code table is the one in code")
    func readmeTable() throws {
        let readme = try String(contentsOfFile: TestBinary.repositoryRoot + "/docs/exit-codes.md", encoding: .utf8)
        for status in LectorCLI.ExitStatus.allCases {
            #expect(readme.contains("| \(status.rawValue) | `\(status.name)` | \(status.meaning) |"),
                    "docs/exit-codes.md lacks the row for \(status.rawValue): | \(status.rawValue) | `\(status.name)` | \(status.meaning) |")
        }
    }

    @Test("usage, not found, conflict and failure paths")
    func localPaths() throws {
        let home = TestHome()
        _ = try expect(home, ["feed", "lst"], .usage)
        _ = try expect(home, ["feed", "list", "--colour"], .usage)
        _ = try expect(home, ["account", "add", "freshrss"], .usage)
        _ = try expect(home, ["account", "add", "freshrss", "--url", "http://127.0.0.1:9"], .usage)
        _ = try expect(home, ["feed", "show", "No Such Feed"], .notFound)
        _ = try expect(home, ["settings", "get", "reader.nope"], .notFound)
        _ = try expect(home, ["account", "use", "Nobody"], .notFound)
        _ = try expect(home, ["dock", "remove", "share"], .ok)
        _ = try expect(home, ["dock", "remove", "share"], .notFound)
        _ = try expect(home, ["dock", "add", "share"], .ok)
        _ = try expect(home, ["dock", "add", "share"], .conflict)
        _ = try expect(home, ["folder", "add", "Twice"], .ok)
        _ = try expect(home, ["folder", "add", "Twice"], .conflict)
        _ = try expect(home, ["schedule", "install"], .conflict)
        let broken = home.path + "/broken.json"
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: broken))
        _ = try expect(home, ["backup", "restore", broken, "--yes"], .failure)
    }

    @Test("login paths: no such API is not found, a wrong secret is authentication, no server is network")
    func loginPaths() throws {
        let nothing = try LoopbackServer(handler: StaticSite().handler)
        let home = TestHome()
        let noAPI = try expect(home, ["account", "add", "freshrss", "--url", nothing.baseURL.absoluteString, "--user", "a", "--password-stdin"],
                               .notFound, stdin: "x\n")
        #expect(!noAPI.stderr.lowercased().contains("<html"), "no server body in the message: \(noAPI.stderr)")
        let service = try ServiceUnderTest.start("miniflux", token: true)
        _ = try expect(home, ["account", "add", "miniflux", "--url", service.server.baseURL.absoluteString, "--password-stdin"],
                       .authentication, stdin: "wrong-token\n")
        nothing.stop()
        _ = try expect(home, ["account", "add", "miniflux", "--url", nothing.baseURL.absoluteString, "--password-stdin"],
                       .network, stdin: "token\n")
    }

    @Test("a sync with one failing feed is partial (7) and lists the failure by feed, cause and kind; all failing takes their kind")
    func syncOutcomes() throws {
        let site = StaticSite()
        site.serve("/good.xml", text: "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Good</title><item><title>a</title><guid>g1</guid></item></channel></rss>",
                   contentType: "application/rss+xml")
        let server = try LoopbackServer(handler: site.handler)
        let home = TestHome()
        _ = try expect(home, ["account", "add", "local", "--name", "Home"], .ok)
        _ = try expect(home, ["feed", "add", server.url("/good.xml").absoluteString], .ok)
        try home.addFeed(title: "Gone", folder: "News", account: "Home")
        let store = try home.store()
        let owner = try #require(try store.accounts.named("Home"))
        let gone = try #require(try store.feeds.list(accountID: owner.id).first { $0.feed.title == "Gone" })
        try store.database.execute("UPDATE feeds SET url = ? WHERE id = ?", server.url("/missing.xml").absoluteString, gone.feed.id)

        _ = try expect(home, ["sync", "--auto"], .partial)
        let log = (try? String(contentsOfFile: home.path + "/state/sync.log", encoding: .utf8)) ?? ""
        #expect(log.contains("partial") && log.contains("not-found"), "sync --auto logs the failure as a failure: \(log)")
        let result = try expect(home, ["sync", "--json"], .partial)
        let last = try #require(result.stdout.split(separator: "\n").last)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let account = try #require((json["results"] as? [[String: Any]])?.first)
        #expect(json["outcome"] as? String == "partial" && json["exit_code"] as? Int == 7, "\(last)")
        #expect(account["outcome"] as? String == "partial", "\(account)")
        let failure = try #require((account["failures"] as? [[String: Any]])?.first)
        #expect(failure["feed"] as? String == "Gone" && failure["kind"] as? String == "not-found" && (failure["cause"] as? String)?.contains("404") == true,
                "\(failure)")
        let text = try expect(home, ["sync"], .partial)
        #expect(text.stdout.contains("failed: Gone"), "the failure is listed: \(text.stdout)")

        let lonely = TestHome()
        _ = try expect(lonely, ["account", "add", "local", "--name", "Home"], .ok)
        try lonely.addFeed(title: "Gone", folder: "News", account: "Home")
        let lonelyStore = try lonely.store()
        try lonelyStore.database.execute("UPDATE feeds SET url = ?", server.url("/missing.xml").absoluteString)
        let all = try expect(lonely, ["sync", "--account", "Home", "--json"], .notFound)
        #expect(all.stdout.contains("\"event\":\"result\""), "a failing account still gets its result line: \(all.stdout)")
    }

    @Test("an OPML import with some feeds failing is partial (7) and lists them")
    func opmlPartial() throws {
        let home = TestHome()
        _ = try expect(home, ["account", "add", "local", "--name", "Home"], .ok)
        let file = home.path + "/feeds.opml"
        try Data("""
            <?xml version="1.0"?><opml version="2.0"><head><title>t</title></head><body>
            <outline text="Fine" type="rss" xmlUrl="https://fine.example/feed.xml"/>
            <outline text="Gopher" type="rss" xmlUrl="gopher://old.example/feed"/>
            </body></opml>
            """.utf8).write(to: URL(fileURLWithPath: file))
        let result = try expect(home, ["opml", "import", file, "--json"], .partial)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["added"] as? Int == 1 && json["outcome"] as? String == "partial", "\(json)")
        let failure = try #require((json["failures"] as? [[String: Any]])?.first)
        #expect(failure["feed"] as? String == "Gopher" && failure["kind"] as? String == "usage", "\(failure)")
    }
}

import Foundation
import Testing
import LectorTestSupport

/// `feed check` through the `lector` binary against a loopback feed server: the table worst
/// first, --json, --fix --dry-run changing nothing, --fix --yes repairing, a check after it clean.
@Suite("feed check through the binary", .serialized)
struct FeedCheckCommandTests {
    static func rss(_ title: String) -> String {
        "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title><item><title>one</title><guid>\(title)-1</guid><pubDate>\(HTTPDateFormat.format(Date().addingTimeInterval(-86_400)))</pubDate></item></channel></rss>"
    }

    @Test("moved, not a feed and a duplicate across accounts found; --fix --dry-run changes nothing; --fix --yes repairs; the next check is clean")
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
        #expect(kinds == ["Mine /page.html": ["not-a-feed"], "Mine /old.xml": ["moved"], "Mine /ok.xml": ["duplicate"], "Other /ok.xml": ["duplicate"]],
                "the findings: \(kinds)")
        #expect(feeds.first?["severity"] as? String == "error", "the worst first: \(feeds.map { $0["severity"] ?? "" })")

        let requestsBefore = server.requests.count
        let dry = try lector("feed", "check", "--fix", "--dry-run")
        #expect(dry.status == 0 && dry.stdout.contains("~ feed 'old.xml': change address from \(server.url("/old.xml").absoluteString) to \(server.url("/new.xml").absoluteString)"),
                "the dry run's repairs: \(dry.stdout) \(dry.stderr)")
        #expect(server.requests.count == requestsBefore, "a check inside the fetch floor asked the server again")
        let refused = try lector("feed", "check", "--fix")
        #expect(refused.status == 2 && refused.stderr.contains("pass --yes"), "--fix off a terminal without --yes: \(refused.status) \(refused.stderr)")

        let fixed = try lector("feed", "check", "--fix", "--yes")
        #expect(fixed.status == 0 && fixed.stdout.contains("Applied 2 of 2 step(s) to 'Mine'."), "the repairs: \(fixed.stdout) \(fixed.stderr)")
        let urls = try JSONSerialization.jsonObject(with: Data(try lector("feed", "list", "--account", "Mine", "--json").stdout.utf8)) as? [[String: Any]] ?? []
        #expect(Set(urls.compactMap { URL(string: $0["url"] as? String ?? "")?.path }) == ["/ok.xml", "/new.xml", "/page.atom"], "Mine's feeds after the repairs: \(urls)")
        let after = try lector("feed", "check", "--account", "Mine", "--fix", "--dry-run")
        #expect(after.stdout.contains("Nothing to repair."), "after the repairs: \(after.stdout)")
    }
}

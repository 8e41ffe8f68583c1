import Foundation
import Testing
import LectorTestSupport

/// Addresses guessed by one rule and said so; candidates listed for scripts; every problem of a
/// backup shown; the system's reason for an unreadable file.
@Suite("Addresses and messages")
struct AddressAndMessageTests {
    private func lector(_ home: TestHome, _ arguments: [String]) throws -> ProcessResult {
        try runProcess(TestBinary.path, arguments, environment: home.environment)
    }

    private static let rss = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Tide</title><item><title>t</title><guid>t1</guid></item></channel></rss>"

    /// A home with a local account, and a loopback server with one feed at /tide.xml.
    private func localAccountBesideTideFeed() throws -> (TestHome, LoopbackServer) {
        let site = StaticSite()
        site.serve("/tide.xml", text: Self.rss, contentType: "application/rss+xml")
        let server = try LoopbackServer(handler: site.handler)
        let home = TestHome()
        _ = try lector(home, ["account", "add", "local", "--name", "Home"])
        return (home, server)
    }

    @Test("feed add host:port/path on this machine uses http, and says so")
    func loopbackFeedWithoutScheme() throws {
        let (home, server) = try localAccountBesideTideFeed()
        let typed = "127.0.0.1:\(server.baseURL.port ?? 0)/tide.xml"
        let result = try lector(home, ["feed", "add", typed])
        #expect(result.status == 0, "feed add \(typed): \(result.stderr)")
        #expect(result.stderr.contains("note: no scheme given: using http://"), "the guess is printed: \(result.stderr)")
    }

    @Test("https to a server that speaks plain http fails at once, exit 6, and names the http address to try")
    func httpsToPlainServer() throws {
        let (home, server) = try localAccountBesideTideFeed()
        let plain = server.url("/tide.xml").absoluteString
        let started = Date()
        let result = try lector(home, ["feed", "add", plain.replacingOccurrences(of: "http://", with: "https://")])
        #expect(result.status == 6, "a network failure: \(result.status) \(result.stderr)")
        #expect(result.stderr.contains("plain http") && result.stderr.contains(plain), "the hint names the http address: \(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 10, "the handshake fails at once, not at a timeout")
    }

    @Test("account add: https to a plain http server names the http address to try; a certificate nobody trusts gets no such advice")
    func accountLoginOverTLS() throws {
        let plainServer = try LoopbackServer { _ in .text("plain") }
        let home = TestHome()
        let https = "https://127.0.0.1:\(plainServer.port)/"
        let plain = try runProcess(TestBinary.path, ["account", "add", "miniflux", "--url", https, "--password-stdin"],
                                   environment: home.environment, stdin: "token\n")
        #expect(plain.status == 6 && plain.stderr.contains("plain http") && plain.stderr.contains("http://127.0.0.1:\(plainServer.port)"),
                "the hint for a plain http server is missing: \(plain.status) \(plain.stderr)")
        let tlsServer = try #require(try SelfSignedTLSServer.start(), "openssl s_server could not be started on loopback")
        let untrusted = try runProcess(TestBinary.path, ["account", "add", "miniflux", "--url", tlsServer.url("/").absoluteString, "--password-stdin"],
                                       environment: home.environment, stdin: "token\n")
        #expect(untrusted.status == 6 && untrusted.stderr.contains("certificate") && !untrusted.stderr.contains("http://"),
                "a certificate failure at login is answered with plain http: \(untrusted.status) \(untrusted.stderr)")
    }

    @Test("a certificate nobody trusts (curl 60) is named as such, exit 6, with no advice to use plain http")
    func untrustedCertificateIsNoReasonForPlainHTTP() throws {
        let server = try #require(try SelfSignedTLSServer.start(), "openssl s_server could not be started on loopback")
        let home = TestHome()
        _ = try lector(home, ["account", "add", "local", "--name", "Home"])
        let result = try lector(home, ["feed", "add", server.url("/tide.xml").absoluteString])
        #expect(result.status == 6, "a network failure: \(result.status) \(result.stderr)")
        #expect(result.stderr.contains("certificate"), "the certificate is not named: \(result.stderr)")
        #expect(!result.stderr.contains("http://") && !result.stderr.contains("plain http"),
                "plain http is advised for a certificate failure, which would send the feed unencrypted: \(result.stderr)")
    }

    @Test("several candidates off a terminal: one per line, a JSON array with --json, exit 2 with the way out")
    func candidatesListed() throws {
        let site = StaticSite()
        site.serve("/a.xml", text: Self.rss, contentType: "application/rss+xml")
        site.serve("/b.xml", text: Self.rss, contentType: "application/rss+xml")
        site.serve("/", text: """
            <html><head><link rel="alternate" type="application/rss+xml" title="A" href="/a.xml">
            <link rel="alternate" type="application/rss+xml" title="B" href="/b.xml"></head><body></body></html>
            """, contentType: "text/html")
        let server = try LoopbackServer(handler: site.handler)
        let home = TestHome()
        _ = try lector(home, ["account", "add", "local", "--name", "Home"])
        let text = try lector(home, ["feed", "add", server.baseURL.absoluteString])
        #expect(text.status == 2 && text.stderr.contains("--pick"), "\(text.status) \(text.stderr)")
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("1. ") && lines[1].hasPrefix("2. "), "one candidate per line: \(text.stdout)")
        let json = try lector(home, ["feed", "add", server.baseURL.absoluteString, "--json"])
        let array = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(array?.count == 2 && array?.first?["url"] as? String != nil, "a JSON array of candidates: \(json.stdout)")
    }

    @Test("a server's HTML is never dumped: a short reason; a wrong FreshRSS password names FreshRSS only")
    func serverBodiesAndHints() throws {
        let site = StaticSite()
        let page = "<!DOCTYPE html>\n<html><head><title>FreshRSS \u{1b}[31mlogin</title><script>var x = 1;</script></head><body>" + String(repeating: "<div>noise</div>", count: 200) + "</body></html>"
        for path in ["/i/", "/v1/me"] {
            site.serve(path, text: page, contentType: "text/html")
        }
        let server = try LoopbackServer(handler: site.handler)
        let home = TestHome()
        let result = try runProcess(TestBinary.path, ["account", "add", "freshrss", "--url", server.baseURL.absoluteString + "/i/", "--user", "alice", "--password-stdin"],
                                    environment: home.environment, stdin: "secret\n")
        #expect(result.status != 0)
        #expect(!result.stderr.contains("<div>") && !result.stderr.contains("<script") && !result.stderr.contains("\u{1b}"),
                "no body, no escape sequence: \(result.stderr)")
        #expect(result.stderr.count < 600, "a short reason, not a page: \(result.stderr.count) characters")
        let flux = try runProcess(TestBinary.path, ["account", "add", "miniflux", "--url", server.baseURL.absoluteString, "--password-stdin"],
                                  environment: home.environment, stdin: "token\n")
        #expect(flux.status != 0 && flux.stderr.contains("an HTML page ('FreshRSS login'), not the API") && !flux.stderr.contains("<"),
                "a web page is named, not dumped: \(flux.stderr)")

        let service = try ServiceUnderTest.start("freshrss")
        let wrong = try runProcess(TestBinary.path, ["account", "add", "freshrss", "--url", service.server.baseURL.absoluteString, "--user", "alice", "--password-stdin"],
                                   environment: home.environment, stdin: "not the password\n")
        let errorLine = wrong.stderr.split(separator: "\n").first { $0.hasPrefix("lector:") } ?? ""
        #expect(wrong.status == 5 && errorLine.contains("FreshRSS") && !errorLine.contains("Miniflux"), "\(wrong.status) \(wrong.stderr)")
    }

    @Test("backup inspect lists every problem; a missing file gives the system's reason")
    func inspectAndUnreadable() throws {
        let home = TestHome()
        let good = home.path + "/good.json"
        _ = try lector(home, ["backup", "export", good])
        var text = try String(contentsOfFile: good, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"font\": \"system\"", with: "\"font\": \"comic\"")
            .replacingOccurrences(of: "\"theme\": \"system\"", with: "\"theme\": \"plaid\"")
        let bad = home.path + "/bad.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: bad))
        let inspected = try lector(home, ["backup", "inspect", bad])
        #expect(inspected.status == 1 && inspected.stderr.contains("reader.font") && inspected.stderr.contains("appearance.theme"),
                "both problems are listed: \(inspected.stderr)")
        #expect(!inspected.stderr.contains("more problem"), "no 'and 1 more': \(inspected.stderr)")
        let missing = try lector(home, ["backup", "restore", home.path + "/missing.json"])
        #expect(missing.status == 3 && missing.stderr.contains("No such file or directory"), "\(missing.stderr)")
    }
}

import Foundation
import Testing

/// A password never goes over plain http to a non-local host unless --allow-insecure is given.
@Suite("Plain-http refusal")
struct InsecureURLTests {
    @Test("account add over plain http to a remote host is refused before any secret is read or sent, for every service",
          arguments: ["freshrss", "miniflux", "fever", "feedbin"])
    func plainHTTPRefused(kind: String) throws {
        let home = TestHome()
        var arguments = ["account", "add", kind, "--name", "Insecure", "--url", "http://rss.example.invalid/", "--password-stdin"]
        if kind != "miniflux" { arguments += ["--user", "alice"] }
        let result = try runProcess(TestBinary.path, arguments, environment: home.environment, stdin: "secret\n")
        #expect(result.status == 2, "plain http to a remote host must be a usage error (exit 2), got \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("refusing to send a secret over plain http") && result.stderr.contains("--allow-insecure"),
                "the refusal must name the fix: \(result.stderr)")
        let list = try runProcess(TestBinary.path, ["account", "list"], environment: home.environment)
        #expect(!list.stdout.contains("Insecure"), "a refused account must not be saved: \(list.stdout)")
    }
}

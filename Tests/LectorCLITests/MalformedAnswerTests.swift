import Foundation
import Testing
import LectorTestSupport

/// A server answer cut short or malformed is the server answering with an error (exit 6), and
/// the message says what was expected, never the raw body.
@Suite("A malformed server answer", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct MalformedAnswerTests {
    static let truncated = #"{"id": 1, "title": "All", "user_id": 1, "hide_globally": fal"#

    @Test("sync against a server whose JSON is cut short: exit 6, a message naming what was expected, no raw JSON",
          arguments: ["miniflux", "feedbin", "freshrss"])
    func truncatedJSON(kind: String) throws {
        let home = TestHome()
        let service = try ServiceUnderTest.start(kind)
        let added = try runProcess(TestBinary.path, service.addArguments(name: "Server"), environment: home.environment,
                                   stdin: service.secret + "\n")
        try #require(added.status == 0, "\(kind): account add failed: \(added.stderr)")
        // Every call from now on gets the same truncated body (a proxy cutting answers short).
        let contentType = kind == "freshrss" ? "text/html; charset=UTF-8" : "application/json"
        service.server.inject(.respond(status: 200, headers: [(name: "Content-Type", value: contentType)], body: Self.truncated))
        let result = try runProcess(TestBinary.path, ["sync"], environment: home.environment)
        #expect(result.status == 6, "\(kind): a malformed answer is the server answering with an error: exit \(result.status), \(result.stderr)")
        #expect(!result.stderr.contains("hide_globally") && !result.stdout.contains("hide_globally"),
                "\(kind): the raw body was quoted: \(result.stderr)\(result.stdout)")
        // FreshRSS's login answers text, so the cut short answer fails there, saying what was missing.
        let expected = kind == "freshrss" ? "without an Auth token" : "not complete JSON"
        #expect(result.stderr.contains(expected), "\(kind): the message should say what was expected: \(result.stderr)")
    }
}

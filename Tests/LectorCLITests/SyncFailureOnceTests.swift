import Foundation
import Testing
import LectorTestSupport

/// A sync that fails as a whole says why once, on stderr: the account's line on stdout would
/// only repeat it (issue 15 saw a failing sync print its error twice).
@Suite("A failing sync says so once", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct SyncFailureOnceTests {
    @Test("a remote account whose server is gone: exit 6, one line on stderr naming the account, nothing repeated on stdout",
          arguments: ["freshrss", "miniflux"])
    func serverGone(kind: String) throws {
        let home = TestHome()
        let service = try ServiceUnderTest.start(kind)
        let added = try runProcess(TestBinary.path, service.addArguments(name: "Server"), environment: home.environment,
                                   stdin: service.secret + "\n")
        try #require(added.status == 0, "\(kind): account add failed: \(added.stderr)")
        service.server.stop()
        let result = try runProcess(TestBinary.path, ["sync"], environment: home.environment)
        #expect(result.status == 6, "\(kind): a server that cannot be reached is a network failure: exit \(result.status), \(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { !$0.isEmpty }
        #expect(lines.count == 1 && lines[0].hasPrefix("lector: Server: "), "\(kind): one error line naming the account: \(lines)")
        let cause = lines.first.map { String($0.dropFirst("lector: Server: ".count)) } ?? ""
        #expect(!cause.isEmpty && !result.stdout.contains(cause), "\(kind): the error was printed twice (stdout too): \(result.stdout)")
    }
}

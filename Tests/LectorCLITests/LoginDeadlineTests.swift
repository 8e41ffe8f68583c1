import Foundation
import Testing
import LectorTestSupport
@testable import LectorCLI

/// A login check is a request like any other: the `network.*` settings bound it.
@Suite("Login checks and the network settings")
struct LoginDeadlineTests {
    @Test("account add gives up on a silent server after network.idle-timeout, with the network exit code")
    func loginHonoursIdleTimeout() throws {
        let silent = try LoopbackServer { _ in
            Thread.sleep(forTimeInterval: 8)
            return .notFound
        }
        defer { silent.stop() }
        let home = TestHome()
        _ = try home.binaryOK(["settings", "set", "network.idle-timeout", "1"], "setting the idle timeout")
        let result = try home.binary(["account", "add", "freshrss", "--url", silent.baseURL.absoluteString, "--user", "a",
                                      "--password-stdin"], stdin: "secret\n")
        #expect(result.status == LectorCLI.ExitStatus.network.rawValue,
                "a server silent for longer than the idle timeout is a network failure, got \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("did not answer in time"),
                "the login must stop at the 1 s idle timeout, not wait for the server's late answer: \(result.stderr)")
    }
}

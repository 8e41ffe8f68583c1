import Foundation
import Testing
@testable import LectorCLI

@Suite("The lector executable", .serialized)
struct ProcessTests {
    @Test("the harness survives a child that exits without reading its stdin (the write meets a broken pipe)")
    func childThatIgnoresItsInput() throws {
        // Far more than a pipe holds, so the write is still under way when the child has gone.
        let input = String(repeating: "unread line\n", count: 200_000)
        for _ in 0..<3 {
            let result = try runProcess("/bin/true", [], environment: [:], stdin: input)
            #expect(result.status == 0, "/bin/true exited \(result.status)")
        }
    }

    @Test("one-shot commands print output and exit 0; usage errors exit 2 with one line on stderr")
    func oneShotExitCodes() throws {
        let home = TestHome()
        let ok = try runProcess(TestBinary.path, ["feed", "list"], environment: home.environment)
        #expect(ok.status == 0 && ok.stdout.contains("Tide Tables"), "stderr: \(ok.stderr)")
        let bad = try runProcess(TestBinary.path, ["feed", "lst"], environment: home.environment)
        #expect(bad.status == 2, "usage errors exit 2, got \(bad.status)")
        #expect(bad.stdout.isEmpty && bad.stderr.split(separator: "\n").count == 1, "one error line: \(bad.stderr)")
        let missing = try runProcess(TestBinary.path, ["article", "list", "--feed", "Nope"], environment: home.environment)
        #expect(missing.status == 3, "not found exits 3, got \(missing.status)")
    }

    @Test("commands piped on stdin run in turn and stop at the first failure with its code")
    func scriptMode() throws {
        let home = TestHome()
        let script = "# a comment\nfolder list\nfeed list --folder Nowhere\nversion\n"
        let stopped = try runProcess(TestBinary.path, [], environment: home.environment, stdin: script)
        #expect(stopped.status == 3, "the failing command's code, got \(stopped.status)")
        #expect(stopped.stdout.contains("Technology") && !stopped.stdout.contains("lector 0"), "stopped before 'version':\n\(stopped.stdout)")
        let kept = try runProcess(TestBinary.path, ["--keep-going"], environment: home.environment, stdin: script)
        #expect(kept.stdout.contains("lector \(LectorVersion.current)"), "--keep-going runs the rest:\n\(kept.stdout)")
        #expect(!kept.stdout.contains("lector>"), "no prompt is printed when stdin is not a terminal")
    }

    @Test("__complete answers from a store without changing it")
    func completeSubcommand() throws {
        let home = TestHome()
        _ = try runProcess(TestBinary.path, ["feed", "list"], environment: home.environment)
        let result = try runProcess(TestBinary.path, ["__complete", "feed", "list", "--folder", "Sc"], environment: home.environment)
        #expect(result.stdout == "Science\tfolder\n:0\n", "got \(result.stdout.debugDescription)")
    }
}

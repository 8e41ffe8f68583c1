import Foundation
import Testing
import LectorTestSupport
@testable import LectorStore

@Suite("A damaged store through the binary")
struct DamagedStoreCommandTests {
    @Test("any command on a damaged store exits 1 with one line naming the file and what to do")
    func damagedStore() throws {
        let home = TestHome()
        let path = AppDirectories.resolve(environment: home.environment).databasePath
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: path))
        let result = try runProcess(TestBinary.path, ["feed", "list"], environment: home.environment)
        #expect(result.status == 1, "a damaged store is a failure (exit 1), got \(result.status)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        #expect(result.stderr.contains(path) && result.stderr.contains("damaged") && result.stderr.contains("backup restore"),
                "names the file and the way out: \(result.stderr)")
    }

    @Test("damage met in the middle of a command (the articles table), after a clean open, gives the same line and exit 1")
    func damageMidCommand() throws {
        let home = TestHome()
        _ = try home.run("article", "list")
        let path = AppDirectories.resolve(environment: home.environment).databasePath
        try StoreDamage.overwriteFirstPage(of: "articles", inStoreAt: path)
        #expect(try runProcess(TestBinary.path, ["feed", "list"], environment: home.environment).status == 0,
                "the store still opens and its feeds still list")
        let result = try runProcess(TestBinary.path, ["article", "list"], environment: home.environment)
        #expect(result.status == 1, "damage is a failure (exit 1), got \(result.status): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        #expect(result.stderr.contains(path) && result.stderr.contains("damaged") && result.stderr.contains("backup restore"),
                "names the file and the way out: \(result.stderr)")
    }
}

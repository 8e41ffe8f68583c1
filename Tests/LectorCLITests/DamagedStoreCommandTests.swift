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
}

import Foundation
import Testing
@testable import LectorCLI

@Suite("Local inputs have ceilings checked before reading", .serialized)
struct BoundedInputTests {
    /// A sparse file: `size` bytes on paper, nothing on disk, so a test can offer 200 MB cheaply.
    static func sparseFile(_ home: TestHome, _ name: String, size: UInt64) throws -> String {
        try FileManager.default.createDirectory(atPath: home.path, withIntermediateDirectories: true)
        let path = home.path + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data("{".utf8))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: size)
        try handle.close()
        return path
    }

    @Test("a 200 MB backup, feed file or OPML file is refused by its size with one line and exit 1",
          arguments: [(["backup", "inspect"], "backup.json"), (["backup", "restore", "--dry-run"], "backup.json"),
                      (["feed", "parse"], "feed.xml"), (["opml", "import"], "subs.opml")])
    func oversizedFiles(command: [String], name: String) throws {
        let home = TestHome()
        let path = try Self.sparseFile(home, name, size: 200 << 20)
        let arguments = command.count == 3 ? [command[0], command[1], path, command[2]] : command + [path]
        let result = try runProcess(TestBinary.path, arguments, environment: home.environment)
        #expect(result.status == 1, "\(command): expected exit 1, got \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("larger than") && result.stderr.contains(path), "\(command): names the file and the reason: \(result.stderr)")
    }

    @Test("an endless device is read only up to the ceiling")
    func endlessDevice() throws {
        let result = try runProcess(TestBinary.path, ["feed", "parse", "/dev/zero"], environment: TestHome().environment)
        #expect(result.status == 1 && result.stderr.contains("larger than"), "got \(result.status): \(result.stderr)")
    }

    @Test("the did-you-mean matcher ignores names too long to be typos")
    func longNamesAreNotMatched() {
        let long = String(repeating: "a", count: 20_000)
        #expect(Suggestion.nearest(to: long, in: [long + "b"]) == nil, "a 20 KB argument is not matched")
        #expect(Suggestion.nearest(to: "tide", in: [long, "Tide Tables"]) == nil || Suggestion.nearest(to: "tide", in: [long, "Tide Tables"]) == "Tide Tables")
        #expect(Suggestion.nearest(to: "feed lst", in: ["feed list"]) == "feed list", "ordinary typos still get a hint")
    }
}

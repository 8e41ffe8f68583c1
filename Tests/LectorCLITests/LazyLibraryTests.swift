import Foundation
import Testing

/// libcurl, libsecret and libxml2 are opened on first use, not linked: a command that needs none
/// of them runs without them, and one that needs a missing one says which package to install.
@Suite("Libraries opened on first use")
struct LazyLibraryTests {
    /// A directory holding broken copies of the libraries, first on the loader's search path.
    private static func brokenLibraries() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-broken-libs-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["libxml2.so.2", "libcurl.so.4", "libsecret-1.so.0"] {
            try Data().write(to: directory.appendingPathComponent(name))
        }
        return directory.path
    }

    @Test("version, completion and feed list run with libxml2, libcurl and libsecret all unusable")
    func startsWithoutThem() throws {
        let home = TestHome()
        let libraries = try Self.brokenLibraries()
        defer { try? FileManager.default.removeItem(atPath: libraries) }
        var environment = home.environment
        environment["LD_LIBRARY_PATH"] = libraries
        for arguments in [["version"], ["__complete", "feed", "move", ""], ["feed", "list", "--json"]] {
            let result = try runProcess(TestBinary.path, arguments, environment: environment)
            #expect(result.status == 0, "\(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
    }

    @Test("parsing without libxml2 ends with one line naming the package, exit 1")
    func parsingNeedsLibxml2() throws {
        let home = TestHome()
        let libraries = try Self.brokenLibraries()
        defer { try? FileManager.default.removeItem(atPath: libraries) }
        let feed = libraries + "/feed.xml"
        try Data("<rss version=\"2.0\"><channel><title>T</title></channel></rss>".utf8).write(to: URL(fileURLWithPath: feed))
        var environment = home.environment
        environment["LD_LIBRARY_PATH"] = libraries
        let result = try runProcess(TestBinary.path, ["feed", "parse", feed], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("libxml2") && result.stderr.contains("apt-get install libxml2"), "stderr: \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
    }
}

import Foundation
import Glibc
import Testing
@testable import LectorStore

/// Lector's folders and files hold the library, the history and the logs: another user of the
/// machine must not be able to write into them, nor plant a link that Lector then writes through.
@Suite("Private folders and files")
struct PrivateDirectoryTests {
    private let root = NSTemporaryDirectory() + "lector-private-" + UUID().uuidString

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    @Test("an existing folder of Lector's own that group or others may write is tightened to the owner only", arguments: [0o777, 0o770, 0o703])
    func writableFolderTightened(permissions: Int) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/state"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, mode_t(permissions))
        try AppDirectories.ensureDirectory(folder, lectorsOwn: true)
        #expect(mode(folder) == 0o700, "a folder of mode \(String(permissions, radix: 8)) was kept as \(String(mode(folder), radix: 8))")
    }

    @Test("a folder only its owner may write is left as the user set it")
    func privateFolderKept() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/data"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o750)
        try AppDirectories.ensureDirectory(folder)
        #expect(mode(folder) == 0o750, "a folder nobody else can write was changed to \(String(mode(folder), radix: 8))")
    }

    @Test("a private file is never made or opened through a symbolic link planted in its place")
    func noFileThroughALink() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let target = root + "/elsewhere", planted = root + "/sync.log"
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: target)
        #expect(throws: StoreError.self, "a link in the file's place was followed") { try AppDirectories.ensurePrivateFile(planted) }
        #expect(!FileManager.default.fileExists(atPath: target), "the link's target was created")
    }

    @Test("an existing file others may read is made private")
    func readableFileTightened() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let file = root + "/history"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("feed list\n".utf8), attributes: [.posixPermissions: 0o644]))
        try AppDirectories.ensurePrivateFile(file)
        #expect(mode(file) == 0o600, "the file kept mode \(String(mode(file), radix: 8))")
    }

    @Test("a private file is written whole with mode 0600, replacing a readable one, never through a link")
    func privateWrite() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let file = root + "/last-list"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("1\n".utf8), attributes: [.posixPermissions: 0o644]))
        try AppDirectories.writePrivateFile(Data("7\n8".utf8), to: file)
        #expect(mode(file) == 0o600, "written with mode \(String(mode(file), radix: 8))")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "7\n8")
        let target = root + "/elsewhere", linked = root + "/linked"
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: target)
        try AppDirectories.writePrivateFile(Data("9".utf8), to: linked)
        #expect(!FileManager.default.fileExists(atPath: target), "the write went through the link")
        #expect(mode(linked) == 0o600 && (try? FileManager.default.destinationOfSymbolicLink(atPath: linked)) == nil,
                "the link was not replaced by a private file")
    }
}

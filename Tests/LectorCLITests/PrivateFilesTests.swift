import Foundation
import Glibc
import Testing
@testable import LectorStore

/// What Lector keeps in its folders is the user's alone: the files are 0600, a folder another
/// user may write is tightened before use, and a link planted where a file goes is not followed.
@Suite("Private files and folders, through the binary")
struct PrivateFilesTests {
    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    @Test("the last list is kept with mode 0600")
    func lastListPrivate() throws {
        let home = TestHome()
        let listed = try runProcess(TestBinary.path, ["article", "list"], environment: home.environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        let file = AppDirectories.resolve(environment: home.environment).state + "/last-list"
        #expect(FileManager.default.fileExists(atPath: file), "no last list was kept")
        #expect(mode(file) == 0o600, "last-list has mode \(String(mode(file), radix: 8))")
    }

    @Test("sync --auto does not append to a sync.log that is a link planted elsewhere, and says so")
    func syncLogLinkNotFollowed() throws {
        let home = TestHome()
        _ = try runProcess(TestBinary.path, ["account", "add", "local", "--name", "Home"], environment: home.environment)
        let directories = AppDirectories.resolve(environment: home.environment)
        let target = home.path + "/planted-target"
        try FileManager.default.createDirectory(atPath: directories.state, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directories.syncLogPath, withDestinationPath: target)
        let result = try runProcess(TestBinary.path, ["sync", "--auto"], environment: home.environment)
        #expect(result.status == 0, "the sync itself worked: exit \(result.status), \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target), "the log was written through the planted link")
        #expect(result.stderr.contains("cannot write the sync log"), "the refused log is not reported: \(result.stderr)")
    }

    @Test("existing data, state and config folders that anyone may write are tightened to 0700 before use")
    func worldWritableFoldersTightened() throws {
        let home = TestHome()
        let directories = AppDirectories.resolve(environment: home.environment)
        for folder in [directories.data, directories.state, directories.config] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            chmod(folder, 0o777)
        }
        _ = try runProcess(TestBinary.path, ["article", "list"], environment: home.environment)
        _ = try runProcess(TestBinary.path, ["profile", "save", "mine"], environment: home.environment)
        for folder in [directories.data, directories.state, directories.config] {
            #expect(mode(folder) == 0o700, "\(folder) was used with mode \(String(mode(folder), radix: 8))")
        }
    }
}

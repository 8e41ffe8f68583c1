import Foundation
import Glibc
import Testing
import LectorTestSupport
@testable import LectorStore

/// Lector changes the mode only of its own folders (issue 39, item 14): a store opened in a
/// shared sticky folder such as /tmp made it drwx------ when run as root. These tests make
/// their own sticky, world-writable folder — never the real /tmp.
@Suite("Folders Lector does not own keep their mode")
struct SharedFolderTests {
    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    /// A private parent holding a folder with /tmp's mode (1777).
    private func sharedFolder() throws -> (parent: String, shared: String) {
        let parent = try TemporaryFolder.make("lector-shared")
        let shared = parent + "/tmp-like"
        #expect(mkdir(shared, 0o700) == 0)
        #expect(chmod(shared, 0o1777) == 0)
        return (parent, shared)
    }

    @Test("ensureDirectory on a sticky folder anyone may write refuses with advice and leaves its mode", arguments: [false, true])
    func stickyFolderRefused(lectorsOwn: Bool) throws {
        let (parent, shared) = try sharedFolder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let error = #expect(throws: StoreError.self) { try AppDirectories.ensureDirectory(shared, lectorsOwn: lectorsOwn) }
        #expect(mode(shared) == 0o1777, "the shared folder's mode became \(String(mode(shared), radix: 8))")
        #expect("\(String(describing: error))".contains("make a private folder inside it"), "\(String(describing: error))")
    }

    @Test("a store opened directly in a shared sticky folder is refused, and the folder keeps its mode")
    func storeInSharedFolder() throws {
        let (parent, shared) = try sharedFolder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        #expect(throws: StoreError.self) { try Store(path: shared + "/lector-empty.sqlite") }
        #expect(mode(shared) == 0o1777, "the shared folder's mode became \(String(mode(shared), radix: 8))")
        #expect(!FileManager.default.fileExists(atPath: shared + "/lector-empty.sqlite"), "the store was made there")
        let inside = shared + "/mine"
        let store = try Store(path: inside + "/lector.sqlite")
        _ = store
        #expect(mode(inside) == 0o700 && mode(shared) == 0o1777, "a folder made inside is private; the shared one is unchanged")
    }

    @Test("a folder others may write that is not Lector's own is refused and left as it is; Lector's own is made private")
    func notLectorsOwn() throws {
        let parent = try TemporaryFolder.make("lector-group")
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let folder = parent + "/team"
        #expect(mkdir(folder, 0o700) == 0 && chmod(folder, 0o775) == 0)
        #expect(throws: StoreError.self) { try AppDirectories.ensureDirectory(folder) }
        #expect(throws: StoreError.self) { try Store(path: folder + "/lector.sqlite") }
        #expect(mode(folder) == 0o775, "a folder Lector does not own became \(String(mode(folder), radix: 8))")
        try AppDirectories.ensureDirectory(folder, lectorsOwn: true)
        #expect(mode(folder) == 0o700, "Lector's own folder was kept at \(String(mode(folder), radix: 8))")
    }
}

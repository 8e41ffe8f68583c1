import Foundation
import Testing
@testable import LectorStore

/// Shell completion opens the store with `readonly_shm` (no rebuilding of the `-shm` file); what
/// that way cannot open must still open the ordinary way, and odd paths must survive the URI.
@Suite("Read-only store for a sole connection")
struct ReadOnlySoleConnectionTests {
    /// A migrated store with one feed in `directory`, every connection to it closed.
    private func closedStore(in directory: String) throws -> String {
        let path = directory + "/lector.sqlite"
        let store = try Store(path: path)
        let account = try store.accounts.insert(kind: .local, name: "Home")
        _ = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "s", title: "Swift Weekly",
                                   url: "https://example.org/feed", siteURL: nil)
        return path
    }

    @Test("a store without a -shm file (copied, restored) still opens for completion")
    func missingSharedMemoryFallsBack() throws {
        let directory = NSTemporaryDirectory() + "lector-sole-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try closedStore(in: directory)
        for suffix in ["-shm", "-wal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"), "the test needs a store with no -shm file")
        let store = try #require(Store.openReadOnly(path: path, soleConnection: true), "no store: the ordinary read-only open was not tried")
        #expect(try store.feeds.titles() == ["Swift Weekly"])
    }

    @Test("paths with ?, #, % and non-ASCII letters open in the light mode")
    func oddPathsSurviveTheURI() throws {
        let directory = NSTemporaryDirectory() + "lector-sole-" + UUID().uuidString + " a?b#c%41 é"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try closedStore(in: directory)
        // An ordinary reader first, so the -shm file exists and the light mode is what is tested.
        _ = try Database(path: path, mode: .readOnly).userVersion()
        #expect(FileManager.default.fileExists(atPath: path + "-shm"), "the test needs a -shm file")
        let database = try Database(path: path, mode: .readOnlySoleConnection)
        #expect(try database.query("SELECT title FROM feeds") { $0.string(0) } == ["Swift Weekly"])
        #expect(!FileManager.default.fileExists(atPath: directory + "/lector.sqlite?readonly_shm=1"), "the URI was taken for a file name")
    }

    @Test("a URI path keeps an absolute path absolute and encodes what a URI cannot hold")
    func uriEncoding() {
        #expect(Database.uri("/tmp/a b/x.sqlite", query: "q=1") == "file:///tmp/a b/x.sqlite?q=1")
        #expect(Database.uri("//srv/x?#%", query: "q=1") == "file:////srv/x%3F%23%25?q=1")
        #expect(Database.uri("rel/é", query: "q=1") == "file:rel/%C3%A9?q=1")
    }
}

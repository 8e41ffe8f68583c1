import Foundation
import Testing
@testable import LectorStore

@Suite("A damaged store is named, with what to do")
struct DamagedStoreTests {
    @Test("a file that is not a database is refused with its path, the way out, and left untouched")
    func notADatabase() throws {
        let directory = NSTemporaryDirectory() + "lector-damaged-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/lector.sqlite"
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        do {
            _ = try Store(path: path)
            Issue.record("a garbage file opened as a store")
        } catch {
            #expect(error == .damaged(path: path, code: 26), "got \(error)")
            #expect(error.description.contains(path) && error.description.contains("backup restore") && error.description.contains("mv "),
                    "the message names the file and both ways out: \(error.description)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage, "the damaged file must not be changed")
    }

    @Test("SQLite's CORRUPT and NOTADB, with any extended code, are damage; other errors are not")
    func damageCodes() {
        #expect(StoreError.damage(DatabaseError(code: 11, message: "malformed"), path: "/s") == .damaged(path: "/s", code: 11))
        #expect(StoreError.damage(DatabaseError(code: 11 | (1 << 8), message: "vtab"), path: "/s") != nil)
        #expect(StoreError.damage(DatabaseError(code: 26, message: "notadb"), path: "/s") == .damaged(path: "/s", code: 26))
        #expect(StoreError.damage(DatabaseError(code: 5, message: "busy"), path: "/s") == nil)
    }
}

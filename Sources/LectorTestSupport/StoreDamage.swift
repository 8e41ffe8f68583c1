import Foundation
import LectorStore

/// Damage in the middle of a store file, for the tests of how it is reported: the first page of
/// one table overwritten, so that the store still opens (its schema is intact) and only a command
/// that reaches that table meets the damage.
public enum StoreDamage {
    public enum Failure: Error { case cannotOpen(String) }

    public static func overwriteFirstPage(of table: String, inStoreAt path: String) throws {
        var rootPage = 0, pageSize = 0
        do {
            let store = try Store(path: path)
            try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            rootPage = try store.database.scalarInt("SELECT rootpage FROM sqlite_schema WHERE name = ?", table)
            pageSize = try store.database.scalarInt("PRAGMA page_size")
        }
        guard let file = FileHandle(forUpdatingAtPath: path) else { throw Failure.cannotOpen(path) }
        try file.seek(toOffset: UInt64((rootPage - 1) * pageSize))
        file.write(Data(repeating: 0xEE, count: pageSize))
        try file.close()
    }
}

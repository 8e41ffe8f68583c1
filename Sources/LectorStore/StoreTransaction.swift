/// What a `Store.write` body works through: the store's tables (`db.articles`, `db.feeds`, …,
/// the same ones the store hands out), inside the write's transaction — or, for a write nested
/// in another, its savepoint. GRDB's `write { db in … }` in spirit: the handle names the unit of
/// work the body's changes belong to. Not `Sendable`: it stays on the connection's thread.
@dynamicMemberLookup
public struct StoreTransaction {
    let store: Store

    /// A table of the store, reached through the transaction.
    public subscript<Table>(dynamicMember table: KeyPath<Store, Table>) -> Table {
        store[keyPath: table]
    }

    /// A nested write: a savepoint inside this transaction (GRDB's `inSavepoint`). When its body
    /// throws, only its own changes are undone, and this body may catch the error and go on.
    public func write<T>(_ body: (StoreTransaction) throws -> T) throws(StoreError) -> T {
        try store.write(body)
    }
}

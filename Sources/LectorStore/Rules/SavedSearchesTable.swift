import FoundationEssentials
import LectorBasics

/// Queries over `saved_searches`: named filters for `article list --saved NAME`.
public struct SavedSearchesTable {
    let database: Database

    /// Every saved search, by name.
    public func all() throws(StoreError) -> [SavedSearch] {
        try storeOperation {
            try database.query("SELECT name, expression, label FROM saved_searches ORDER BY name COLLATE NOCASE") {
                SavedSearch(name: $0.string(0), expression: $0.string(1), label: $0.bool(2))
            }
        }
    }

    /// The saved search of that name (any case), if there is one.
    public func named(_ name: String) throws(StoreError) -> SavedSearch? {
        try storeOperation {
            try database.queryFirst("SELECT name, expression, label FROM saved_searches WHERE name = ? COLLATE NOCASE", name) {
                SavedSearch(name: $0.string(0), expression: $0.string(1), label: $0.bool(2))
            }
        }
    }

    /// Saves a search under a name, replacing the filter of one saved under it before; returns
    /// whether it replaced one. The filter must parse.
    @discardableResult
    public func save(_ search: SavedSearch) throws(StoreError) -> Bool {
        do { _ = try FilterParser.parse(search.expression) } catch { throw .conflict("the filter does not parse: \(error)") }
        return try storeOperation {
            try database.write {
                let existed = try named(search.name) != nil
                try database.execute("""
                    INSERT INTO saved_searches (name, expression, created_at, label) VALUES (?, ?, ?, ?)
                    ON CONFLICT (name) DO UPDATE SET expression = excluded.expression, label = excluded.label
                    """, search.name, search.expression, Date().timeIntervalSince1970, search.label)
                return existed
            }
        }
    }

    public func remove(_ name: String) throws(StoreError) {
        try storeOperation {
            try database.execute("DELETE FROM saved_searches WHERE name = ? COLLATE NOCASE", name)
            guard database.changes > 0 else { throw StoreError.notFound(what: "saved search", name: name) }
        }
    }
}

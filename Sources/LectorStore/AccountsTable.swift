import FoundationEssentials
import LectorBasics

/// Queries over `accounts`.
public struct AccountsTable {
    let database: Database

    private static let columns = "id, kind, name, url, username, is_default, is_demo, needs_password, plain_http_host"

    private static func account(_ row: Row) throws(StoreError) -> Account {
        // The one check of a kind read back (see Schema.accountKindUnchecked): one this Lector
        // lacks is refused, never taken for another service.
        guard let kind = AccountKind(rawValue: row.string(1)) else {
            throw .failed("the account '\(row.string(2))' is of kind '\(row.string(1))', which this Lector does not know: upgrade Lector")
        }
        return Account(id: row.int64(0), kind: kind, name: row.string(2),
                url: row.optionalString(3), username: row.optionalString(4), isDefault: row.bool(5),
                isDemo: row.bool(6), needsPassword: row.bool(7), plainHTTPHost: row.optionalString(8))
    }

    /// Every account, the default first, then by name.
    public func all() throws(StoreError) -> [Account] {
        try storeOperation {
            try database.query("SELECT \(Self.columns) FROM accounts ORDER BY is_default DESC, name COLLATE NOCASE",
                               row: Self.account)
        }
    }

    /// The account with this name (case-insensitive), if any.
    public func named(_ name: String) throws(StoreError) -> Account? {
        try storeOperation {
            try database.queryFirst("SELECT \(Self.columns) FROM accounts WHERE name = ? COLLATE NOCASE", name,
                                    row: Self.account)
        }
    }

    /// The default account; when none is marked, the only account if there is exactly one.
    public func defaultAccount() throws(StoreError) -> Account? {
        let accounts = try all()
        return accounts.first(where: \.isDefault) ?? (accounts.count == 1 ? accounts.first : nil)
    }

    /// Adds an account. The first account added becomes the default.
    @discardableResult
    public func insert(kind: AccountKind, name: String, url: String? = nil, username: String? = nil,
                       isDemo: Bool = false, needsPassword: Bool = false, plainHTTPHost: String? = nil) throws(StoreError) -> Account {
        try storeOperation {
            try database.write {
                // Only v1 columns unless a consent is given: migration tests insert into older schemas.
                if try database.scalarInt("SELECT count(*) FROM accounts WHERE name = ? COLLATE NOCASE", name) > 0 {
                    throw StoreError.conflict("an account named '\(name)' already exists")
                }
                let makeDefault = try database.scalarInt("SELECT count(*) FROM accounts WHERE is_default = 1") == 0
                try database.execute("""
                    INSERT INTO accounts (kind, name, url, username, is_default, is_demo, needs_password, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, kind.rawValue, name, url, username, makeDefault, isDemo, needsPassword,
                    Date().timeIntervalSince1970)
                let id = database.lastInsertedRowID
                if let plainHTTPHost {
                    try database.execute("UPDATE accounts SET plain_http_host = ? WHERE id = ?", plainHTTPHost, id)
                }
                return Account(id: id, kind: kind, name: name, url: url, username: username,
                               isDefault: makeDefault, isDemo: isDemo, needsPassword: needsPassword, plainHTTPHost: plainHTTPHost)
            }
        }
    }

    /// Makes this account the default and no other.
    public func setDefault(_ accountID: Int64) throws(StoreError) {
        try storeOperation {
            try database.write {
                try database.execute("UPDATE accounts SET is_default = 0 WHERE is_default = 1 AND id <> ?", accountID)
                try database.execute("UPDATE accounts SET is_default = 1 WHERE id = ?", accountID)
            }
        }
    }

    /// Renames an account; names stay unique regardless of case.
    public func rename(_ accountID: Int64, to name: String) throws(StoreError) {
        try storeOperation {
            if let existing = try named(name), existing.id != accountID {
                throw StoreError.conflict("an account named '\(existing.name)' already exists")
            }
            try database.execute("UPDATE accounts SET name = ? WHERE id = ?", name, accountID)
        }
    }

    /// Changes where an account points and who logs in.
    /// Points the account at another server address or login, with the plain-http consent that
    /// goes with it (nil: none), in one statement: the consent never outlives the address it was for.
    public func update(_ accountID: Int64, url: String?, username: String?, plainHTTPHost: String?) throws(StoreError) {
        try storeOperation {
            try database.execute("UPDATE accounts SET url = ?, username = ?, plain_http_host = ? WHERE id = ?", url, username, plainHTTPHost, accountID)
        }
    }

    /// Records the host the user consented to send the secret to over plain http (nil: no consent).
    public func setPlainHTTPHost(_ accountID: Int64, _ host: String?) throws(StoreError) {
        try storeOperation { try database.execute("UPDATE accounts SET plain_http_host = ? WHERE id = ?", host, accountID) }
    }

    /// Records whether the account still waits for its secret (`account password NAME`).
    public func setNeedsPassword(_ accountID: Int64, _ needsPassword: Bool) throws(StoreError) {
        try storeOperation { try database.execute("UPDATE accounts SET needs_password = ? WHERE id = ?", needsPassword, accountID) }
    }

    /// Clears the default mark from every account.
    public func clearDefault() throws(StoreError) {
        try storeOperation { try database.execute("UPDATE accounts SET is_default = 0 WHERE is_default = 1") }
    }

    /// Removes the account and, through cascades, everything under it.
    public func remove(_ accountID: Int64) throws(StoreError) {
        try storeOperation { try database.execute("DELETE FROM accounts WHERE id = ?", accountID) }
    }

    /// Removes the demo library, if present.
    public func removeDemo() throws(StoreError) {
        try storeOperation { try database.execute("DELETE FROM accounts WHERE is_demo = 1") }
    }
}

import FoundationEssentials
import LectorBasics

/// The provisional accounts of `Schema.provisionalAccounts`.
extension AccountsTable {
    /// Adds an account for one command of process `owner`, the default from now on, in one
    /// transaction: provisional until a feed or a folder is filed in it.
    public func insertProvisional(kind: AccountKind, name: String, owner: Int32) throws(StoreError) -> Account {
        try storeOperation {
            try database.write {
                let account = try insert(kind: kind, name: name)
                try database.execute("UPDATE accounts SET provisional_for = ? WHERE id = ?", Int64(owner), account.id)
                try setDefault(account.id)
                return try named(name) ?? account
            }
        }
    }

    /// Ends a provisional account's life, in one transaction: one that received a feed or a
    /// folder is already settled and stays (true); one still empty is removed, and the demo is
    /// the default again if no other account is (false).
    public func settleProvisional(_ accountID: Int64) throws(StoreError) -> Bool {
        try storeOperation {
            try database.write {
                let stillProvisional = try database.scalarInt(
                    "SELECT count(*) FROM accounts WHERE id = ? AND provisional_for IS NOT NULL", accountID) > 0
                guard stillProvisional else { return true }
                try dropProvisional(where: "id = ?", accountID)
                return false
            }
        }
    }

    /// Removes the provisional accounts whose process is no longer running (`isRunning` says,
    /// by process id): left by a command killed before it put anything in them. Returns their names.
    public func dropAbandonedProvisional(isRunning: (Int32) -> Bool) throws(StoreError) -> [String] {
        try storeOperation {
            let provisional = try database.query("SELECT id, name, provisional_for FROM accounts WHERE provisional_for IS NOT NULL") {
                (id: $0.int64(0), name: $0.string(1), owner: Int32(truncatingIfNeeded: $0.int64(2)))
            }
            let abandoned = provisional.filter { !isRunning($0.owner) }
            guard !abandoned.isEmpty else { return [] }
            try database.write {
                // Checked again inside the write: the owner may have settled it since the read.
                for account in abandoned {
                    try dropProvisional(where: "id = ? AND provisional_for IS NOT NULL", account.id)
                }
            }
            return abandoned.map(\.name)
        }
    }

    /// Deletes the provisional account the condition picks and hands the default back to the
    /// demo when the account took it; inside the caller's transaction.
    private func dropProvisional(where condition: String, _ accountID: Int64) throws {
        try database.execute("DELETE FROM accounts WHERE provisional_for IS NOT NULL AND \(condition)", accountID)
        if try database.scalarInt("SELECT count(*) FROM accounts WHERE is_default = 1") == 0 {
            try database.execute("UPDATE accounts SET is_default = 1 WHERE is_demo = 1")
        }
    }
}

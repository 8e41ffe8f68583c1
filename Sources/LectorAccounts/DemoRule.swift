import LectorBasics
import LectorStore

/// The demo rule, decided here and nowhere else: the demo library is Lector's sample, never the
/// home of anything the user adds, and it goes as soon as the user adds an account of their own.
extension Account {
    /// Whether the account may hold the user's own feeds, folders and secret.
    public var holdsUserData: Bool { !isDemo }
}

extension AccountManager {
    /// Adds an account of the user's in one transaction with the demo's dismissal: the first
    /// account of one's own ends the demo, and neither happens without the other.
    func insertDismissingDemo(kind: AccountKind, name: String, url: String? = nil, username: String? = nil,
                              plainHTTPHost: String? = nil) throws(AccountsError) -> Account {
        try storing {
            try store.write { db in
                try DemoLibrary.dismiss(store)
                return try db.accounts.insert(kind: kind, name: name, url: url, username: username, plainHTTPHost: plainHTTPHost)
            }
        }
    }
}

import LectorBasics
import LectorKeyring
import LectorStore
import LectorSync

/// An account added on a server: the account and the name the server gave itself.
public struct AddedAccount: Sendable {
    public let account: Account
    public let server: String
}

/// Who is the default account once one was removed.
public enum DefaultAfterRemoval: Sendable, Equatable {
    /// The removed account was not the default (or no account is left).
    case unchanged
    /// The default went to the one account left.
    case handedTo(Account)
    /// Several accounts are left: the user chooses.
    case leftToChoose
}

/// Adding, renaming, choosing and removing accounts.
extension AccountManager {
    /// Adds a local account (the demo goes in the same transaction).
    public func addLocal(name: String) throws(AccountsError) -> Account {
        try insertDismissingDemo(kind: .serverless, name: name)
    }

    /// Adds an account on a server once the server accepted the login at `endpoint` (see
    /// `newLoginEndpoint`); `name` nil names it after the server's host. Keyring first: if it is
    /// unavailable nothing is saved; if the store then fails, the secret is taken back out, so no
    /// secret is ever left without its account.
    public func addRemote(kind: AccountKind, endpoint: AccountEndpoint, user: String?, secret: String, name: String?,
                          plainHTTPConsented: Bool) throws(AccountsError) -> AddedAccount {
        let verified = try verifyLogin(kind: kind, endpoint: endpoint, user: user, secret: secret,
                                       plainHTTPConsented: plainHTTPConsented)
        let name = name ?? verified.url.host ?? kind.rawValue
        if try storing({ try store.accounts.named(name) }) != nil { throw .nameTaken(name) }
        if let twin = try twin(of: kind, url: verified.url, user: user) { throw .loginTaken(by: twin.name) }
        let item = AccountSecret.item(kind: kind, url: verified.url.absoluteString, user: user)
        do { try keyring.store(secret, for: item) } catch { throw .keyring(error) }
        do throws(AccountsError) {
            // The consent is kept for this plain-http host only, and checked on every later request.
            let account = try insertDismissingDemo(kind: kind, name: name, url: verified.url.absoluteString, username: user,
                                                   plainHTTPHost: verified.plainHTTPHost(consented: plainHTTPConsented))
            return AddedAccount(account: account, server: verified.info.name)
        } catch {
            // Undo the secret stored a moment ago; the store's error is the one to report.
            _ = try? keyring.remove(item)
            throw error
        }
    }

    /// Renames an account; names stay unique regardless of case.
    public func rename(_ account: Account, to name: String) throws(AccountsError) {
        try Self.requireName(name)
        try storing { try store.accounts.rename(account.id, to: name) }
    }

    /// Refuses a name that is nothing but white space.
    static func requireName(_ name: String) throws(AccountsError) {
        guard name.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { throw .emptyName }
    }

    /// Makes the account the default and no other.
    public func makeDefault(_ account: Account) throws(AccountsError) {
        try storing { try store.accounts.setDefault(account.id) }
    }

    /// Removes an account, its secret and all its data, in an order where a failure at any step
    /// leaves a whole account, an account waiting for its password, or nothing — never a secret
    /// without its account: marked as needing its password, its secret deleted, then its data in
    /// one transaction that hands the default to the one account left.
    public func remove(_ account: Account) throws(AccountsError) -> DefaultAfterRemoval {
        if account.kind.hasServer && account.holdsUserData {
            try storing { try store.accounts.setNeedsPassword(account.id, true) }
            do { _ = try keyring.remove(AccountSecret.item(for: account)) } catch { throw .keyring(error) }
        }
        return try storing {
            try store.write { (db) throws -> DefaultAfterRemoval in
                try db.accounts.remove(account.id)
                guard account.isDefault else { return .unchanged }
                // The default goes to the one account left; among several the user chooses.
                let left = try db.accounts.all().filter(\.holdsUserData)
                if var heir = left.first, left.count == 1 {
                    try db.accounts.setDefault(heir.id)
                    heir.isDefault = true
                    return .handedTo(heir)
                }
                return left.isEmpty ? .unchanged : .leftToChoose
            }
        }
    }
}

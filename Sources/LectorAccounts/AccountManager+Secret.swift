import LectorKeyring
import LectorStore
import LectorSync

/// A remote account's secret: checked with its server, replaced.
extension AccountManager {
    /// Logs in to the account's server again with the secret the keyring holds; nil for a local
    /// account, which has no server.
    public func testLogin(_ account: Account) throws(AccountsError) -> VerifiedLogin? {
        guard account.kind.hasServer else { return nil }
        let secret = try secret(for: account)
        let endpoint = try currentEndpoint(account)
        return try verifyLogin(kind: account.kind, endpoint: endpoint, user: account.username, secret: secret,
                               plainHTTPConsented: endpoint.candidates.first.map(account.consentsToPlainHTTP) ?? false)
    }

    /// Refuses, before a new secret is asked for, an account that has none or whose address
    /// cannot be used.
    public func checkSecretReplaceable(_ account: Account) throws(AccountsError) {
        _ = try replaceableEndpoint(account)
    }

    /// Replaces the account's secret once its server accepts it: stored in the keyring, the
    /// plain-http consent kept when given for a plain-http address, and the account no longer
    /// waiting for its password.
    public func replaceSecret(_ account: Account, with secret: String, plainHTTPConsented consents: Bool) throws(AccountsError) {
        let endpoint = try replaceableEndpoint(account)
        let verified = try verifyLogin(kind: account.kind, endpoint: endpoint, user: account.username, secret: secret,
                                       plainHTTPConsented: consents || endpoint.candidates.first.map(account.consentsToPlainHTTP) ?? false)
        do { try keyring.store(secret, for: AccountSecret.item(for: account)) } catch { throw .keyring(error) }
        let consentedHost = verified.plainHTTPHost(consented: consents)
        try storing {
            try store.write { db in
                // A consent given for an https address changes nothing: the one kept stays.
                if let consentedHost { try db.accounts.setPlainHTTPHost(account.id, consentedHost) }
                try db.accounts.setNeedsPassword(account.id, false)
            }
        }
    }

    private func replaceableEndpoint(_ account: Account) throws(AccountsError) -> AccountEndpoint {
        guard account.kind.hasServer else { throw .localHasNoSecret(account: account.name) }
        return try currentEndpoint(account)
    }
}

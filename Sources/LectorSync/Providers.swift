import FoundationEssentials
import LectorHTTP
import LectorStore

/// Builds the provider for a remote account (the account core makes a local one with its feeds'
/// logins: `AccountService.provider`).
public enum Providers {
    public static func make(for account: Account, secret: String, http: HTTPClient) throws(SyncError) -> any SyncProvider {
        guard account.kind.hasServer else { throw .unsupported("'\(account.name)' is a local account: it has no server") }
        return try account.kind.service.provider(ProviderContext(account: account, secret: secret, http: http))
    }
}

extension Account {
    /// Whether the user consented (--allow-insecure, stored) to sending this account's secret over
    /// plain http to `url`'s host: the consent names one host and covers no other.
    public func consentsToPlainHTTP(_ url: URL) -> Bool {
        guard let consented = plainHTTPHost, let host = url.host?.lowercased() else { return false }
        return consented == host
    }
}

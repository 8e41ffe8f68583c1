import FoundationEssentials
import LectorHTTP
import LectorStore

/// Builds the provider for a remote account.
public enum Providers {
    public static func make(for account: Account, secret: String, http: HTTPClient) throws(SyncError) -> any SyncProvider {
        guard let kind = ServiceKind(rawValue: account.kind.rawValue) else {
            throw .unsupported("'\(account.name)' is a local account: it has no server")
        }
        guard let url = account.url.flatMap(URL.init(string:)) else {
            // The store's record is incomplete: nothing the server said.
            throw .store(.failed("account '\(account.name)' has no server address: remove it and add it again"))
        }
        let connection = ServiceConnection(base: url, http: http, plainHTTPConsented: account.consentsToPlainHTTP(url))
        switch kind {
        case .freshrss:
            return GReaderProvider(connection: connection, user: account.username ?? "", password: secret)
        case .fever:
            return FeverProvider(connection: connection, user: account.username ?? "", password: secret)
        case .miniflux:
            return MinifluxProvider(connection: connection, user: account.username, secret: secret)
        case .feedbin:
            return FeedbinProvider(connection: connection, user: account.username ?? "", password: secret)
        }
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

import FoundationEssentials
import LectorHTTP
import LectorStore

/// Builds the provider for a remote account.
public enum Providers {
    public static func make(for account: Account, secret: String, http: HTTPClient) throws(SyncError) -> any SyncProvider {
        let provider: (ServiceConnection) -> any SyncProvider
        switch account.kind {
        case .local:
            throw .unsupported("'\(account.name)' is a local account: it has no server")
        case .freshrss:
            provider = { GReaderProvider(connection: $0, user: account.username ?? "", password: secret) }
        case .fever:
            provider = { FeverProvider(connection: $0, user: account.username ?? "", password: secret) }
        case .miniflux:
            provider = { MinifluxProvider(connection: $0, user: account.username, secret: secret) }
        case .feedbin:
            provider = { FeedbinProvider(connection: $0, user: account.username ?? "", password: secret) }
        case .ttrss:
            provider = { TTRSSProvider(connection: $0, user: account.username ?? "", password: secret) }
        }
        guard let url = account.url.flatMap(URL.init(string:)) else {
            // The store's record is incomplete: nothing the server said.
            throw .store(.failed("account '\(account.name)' has no server address: remove it and add it again"))
        }
        return provider(ServiceConnection(base: url, http: http, plainHTTPConsented: account.consentsToPlainHTTP(url)))
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

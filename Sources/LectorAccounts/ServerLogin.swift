import FoundationEssentials
import LectorBasics
import LectorHTTP
import LectorStore
import LectorSync

/// A login a server accepted: the address that answered and what the server says about itself.
public struct VerifiedLogin: Sendable {
    public let url: URL
    public let info: ServerInfo

    /// The host the secret may go to over plain http from now on: this login's, when the user
    /// consented and the address that answered is plain http (nil otherwise: https needs none).
    func plainHTTPHost(consented: Bool) -> String? {
        consented && url.scheme == "http" ? url.host?.lowercased() : nil
    }
}

/// Where a remote account's login goes, checked before any secret is asked for.
extension AccountManager {
    /// The address of a new account of `kind`: refused when the secret would cross the network in
    /// clear without consent, or when the service needs a user and none is given.
    public func newLoginEndpoint(kind: AccountKind, typed url: String?, user: String?,
                                 plainHTTPConsented: Bool) throws(AccountsError) -> AccountEndpoint {
        let endpoint = try Self.endpoint(kind: kind, typed: url)
        if endpoint.isInsecure && !plainHTTPConsented {
            throw .plainHTTPRefused(host: endpoint.candidates[0].host, account: nil)
        }
        try Self.requireUser(kind: kind, user: user)
        return endpoint
    }

    /// The new address of an existing account: the consent kept with the account is for its host,
    /// so a new plain-http host needs its own.
    func movedLoginEndpoint(_ account: Account, typed url: String?, user: String?,
                            plainHTTPConsented: Bool) throws(AccountsError) -> AccountEndpoint {
        let endpoint = try Self.endpoint(kind: account.kind, typed: url)
        if !plainHTTPConsented,
           let exposed = endpoint.candidates.first(where: { PlainHTTPRule.wouldExpose($0, consentedHost: account.plainHTTPHost) }) {
            throw .plainHTTPRefused(host: exposed.host, account: account.name)
        }
        try Self.requireUser(kind: account.kind, user: user)
        return endpoint
    }

    /// The address an account logs in to now, as stored.
    func currentEndpoint(_ account: Account) throws(AccountsError) -> AccountEndpoint {
        try Self.endpoint(kind: account.kind, typed: account.url)
    }

    /// Logs in with `secret` and says what answered, through the session's client: the
    /// `network.*` deadlines bound a login like any other request.
    func verifyLogin(kind: AccountKind, endpoint: AccountEndpoint, user: String?, secret: String,
                     plainHTTPConsented: Bool) throws(AccountsError) -> VerifiedLogin {
        do {
            let (url, info) = try ServiceLogin.verify(kind: kind, endpoint: endpoint, user: user, secret: secret,
                                                      http: http, plainHTTPConsented: plainHTTPConsented)
            return VerifiedLogin(url: url, info: info)
        } catch {
            throw .login(error, address: endpoint.candidates.first)
        }
    }

    /// Another account with this login (service, address, user), if there is one.
    func twin(of kind: AccountKind, url: URL, user: String?, besides id: Int64? = nil) throws(AccountsError) -> Account? {
        try storing { try store.accounts.all() }.first {
            $0.id != id && $0.kind == kind && $0.url == url.absoluteString && $0.username == user
        }
    }

    private static func endpoint(kind: AccountKind, typed url: String?) throws(AccountsError) -> AccountEndpoint {
        do { return try AccountEndpoint.resolve(kind: kind, typed: url) } catch { throw .endpoint(error) }
    }

    /// Miniflux alone logs in with a token and no user.
    private static func requireUser(kind: AccountKind, user: String?) throws(AccountsError) {
        if kind.service.capabilities.needsUser && user == nil { throw .userNeeded(kind) }
    }
}

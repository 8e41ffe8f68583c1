import FoundationEssentials
import Glibc
import LectorAccounts
import LectorFeeds
import LectorHTTP
import LectorKeyring
import LectorStore

/// The login of a feed behind HTTP authentication (local accounts): Basic with a user, or a
/// bearer token. The secret lives in the keyring under the feed; the store keeps only the user.
struct FeedLogin {
    static let tokenUser = KeyringFeedLogins.tokenUser

    let user: String
    let secret: String
    /// The user passed --allow-insecure for this login's plain-http host (stored with the feed).
    var plainHTTPConsented = false

    var credentials: FeedCredentials {
        user == Self.tokenUser ? .bearer(secret, plainHTTPConsented: plainHTTPConsented)
            : .basic(user: user, password: secret, plainHTTPConsented: plainHTTPConsented)
    }

    /// The host to store the consent for: the feed's, when --allow-insecure was given for a
    /// plain-http address (nil otherwise: https needs no consent).
    static func consentedHost(_ url: URL, _ invocation: Invocation) -> String? {
        guard invocation.flag("allow-insecure"), url.scheme?.lowercased() == "http" else { return nil }
        return url.host?.lowercased()
    }

    func item(_ feed: Feed) -> SecretItem {
        .feedLogin(feedID: String(feed.id), url: feed.url, user: user)
    }

    /// The login the command line asks for, with its secret read from the terminal or stdin.
    static func read(_ invocation: Invocation, account: Account) throws(CLIError) -> FeedLogin? {
        let user = invocation.flag("bearer") ? tokenUser : invocation.value("login")
        guard let user else { return nil }
        guard !account.kind.hasServer else {
            throw .usage("feeds behind a login belong to local accounts; '\(account.name)' fetches through its server")
        }
        let what = user == tokenUser ? "Token" : "Password for \(user)"
        return FeedLogin(user: user, secret: try SecretInput.read(prompt: "\(what) (feed): ", fromStdin: invocation.flag("password-stdin")))
    }

    /// Refuses, before any password is asked for, a login that would cross the network in clear:
    /// plain http to a host that is not this machine (decided on its addresses), unless the user
    /// passed --allow-insecure.
    /// The login a new feed at `url` is added with — the one its address carried, or the one
    /// --login/--bearer asks for — and the host the user consented to plain http for; refused
    /// first when the login would cross the network in clear without that consent.
    static func forNewFeed(at url: URL, addressLogin: FeedLogin?, account: Account,
                           _ invocation: Invocation) throws(CLIError) -> (login: FeedLogin?, consentedHost: String?) {
        try refuseInsecure(url, invocation, addressLogin: addressLogin != nil)
        var login = addressLogin
        if login == nil { login = try read(invocation, account: account) }
        guard var login else { return (nil, nil) }
        let consentedHost = consentedHost(url, invocation)
        login.plainHTTPConsented = consentedHost != nil
        return (login, consentedHost)
    }

    static func refuseInsecure(_ url: URL, _ invocation: Invocation, addressLogin: Bool = false) throws(CLIError) {
        guard addressLogin || invocation.flag("bearer") || invocation.value("login") != nil else { return }
        try refuseInsecure(url, consentedHost: consentedHost(url, invocation))
    }

    /// Refuses a login for `url` that would cross the network in clear, `consentedHost` aside.
    static func refuseInsecure(_ url: URL, consentedHost: String?) throws(CLIError) {
        guard PlainHTTPRule.wouldExpose(url, consentedHost: consentedHost) else { return }
        throw .usage("refusing to send the feed's secret over plain http to \(url.host ?? "its host"): use https, or pass --allow-insecure")
    }

    /// The URL to store for a feed with a login: the secret belongs to the origin it was typed for.
    /// A feed reached from the typed URL by a redirect to another origin is stored under the typed
    /// URL, so every fetch starts there and the redirect drops the secret at the border; a feed
    /// found elsewhere by discovery is refused.
    static func urlToStore(_ found: URL, typed: URL, finder: FeedFinder, credentials: FeedCredentials?) throws(CLIError) -> URL {
        guard !HTTPOrigin.same(found, typed) else { return found }
        if let direct = try? finder.load(typed, credentials: credentials), direct.candidate.url == found { return typed }
        throw .usage("the feed is at \(found.host ?? "another site") (\(found.absoluteString)), not where its login was given for: "
                     + "add that URL itself if the login belongs there")
    }

    /// Where a stored feed's secret is, as `feed show` says it: the keyring is asked, since a
    /// backup restores the user but never the secret.
    static func secretState(of feed: Feed, account: String, keyring: any SecretStore) -> String {
        guard let user = feed.loginUser else { return "no login" }
        do {
            guard try keyring.secret(for: .feedLogin(feedID: String(feed.id), url: feed.url, user: user)) != nil else {
                return "the secret is missing: run 'lector feed password \(ShellWords.quoted(feed.title)) --account \(ShellWords.quoted(account))'"
            }
            return "the secret is in the keyring"
        } catch {
            return "the keyring could not be asked for the secret: \(error.message)"
        }
    }

    /// The credentials of a stored feed from the keyring (the rule is the account core's).
    static func credentials(for feed: Feed, keyring: any SecretStore) -> FeedCredentials? {
        KeyringFeedLogins(keyring: keyring).credentials(for: feed)
    }
}

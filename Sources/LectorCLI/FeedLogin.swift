import LectorFeeds
import LectorKeyring
import LectorStore

/// The login of a feed behind HTTP authentication (local accounts): Basic with a user, or a
/// bearer token. The secret lives in the keyring under the feed; the store keeps only the user.
struct FeedLogin {
    static let tokenUser = "(token)"

    let user: String
    let secret: String

    var credentials: FeedCredentials {
        user == Self.tokenUser ? .bearer(secret) : .basic(user: user, password: secret)
    }

    func item(_ feed: Feed) -> SecretItem {
        .feedLogin(feedID: String(feed.id), url: feed.url, user: user)
    }

    /// The login the command line asks for, with its secret read from the terminal or stdin.
    static func read(_ invocation: Invocation, account: Account) throws(CLIError) -> FeedLogin? {
        let user = invocation.flag("bearer") ? tokenUser : invocation.value("login")
        guard let user else { return nil }
        guard account.kind == .local else {
            throw .usage("feeds behind a login belong to local accounts; '\(account.name)' fetches through its server")
        }
        let what = user == tokenUser ? "Token" : "Password for \(user)"
        return FeedLogin(user: user, secret: try SecretInput.read(prompt: "\(what) (feed): ", fromStdin: invocation.flag("password-stdin")))
    }

    /// The credentials of a stored feed, looked up in the keyring when a fetch needs them. A keyring
    /// that cannot answer means no credentials: the fetch then fails with the feed's own 401,
    /// reported per feed, and no secret is sent anywhere (hence try?).
    static func credentials(for feed: Feed, keyring: any SecretStore) -> FeedCredentials? {
        guard let user = feed.loginUser,
              let secret = try? keyring.secret(for: .feedLogin(feedID: String(feed.id), url: feed.url, user: user)) else { return nil }
        return FeedLogin(user: user, secret: secret).credentials
    }
}

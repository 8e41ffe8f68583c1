import FoundationEssentials
import LectorAccounts
import LectorFeeds
import LectorStore

/// `feed password`: gives a local feed behind a login its secret again — after a restore on a
/// new machine (a backup carries the login's user, never the secret), or when the password
/// changed. The secret is checked with the feed first and kept only in the keyring.
enum FeedPasswordCommand {
    static let password = CommandSpec(
        ["feed", "password"], "store a local feed's password or token in the keyring (checked with the feed first)",
        discussion: """
        The feed keeps the login it has (user, or token); --login USER or --bearer gives it another. \
        The secret is asked for without echo (or read with --password-stdin), used to fetch the feed \
        once, and stored only when that works. With --allow-insecure the feed also keeps your consent \
        to sending it over plain http to its host.
        """,
        arguments: [ArgumentSpec("FEED", "the feed's title or URL", source: .feeds)],
        options: [
            OptionSpec.account,
            OptionSpec("login", value: "USER", "log in as USER (HTTP Basic) from now on"),
            OptionSpec("bearer", "log in with a bearer token from now on"),
            OptionSpec("password-stdin", "read the password or token from stdin"),
            OptionSpec("allow-insecure", "allow sending the login over plain http to a host that is not this machine"),
        ]
    ) { invocation, session in
        let (_, account, feed) = try FeedEditCommands.target(invocation, session)
        guard !account.kind.hasServer else {
            throw CLIError.usage("feeds behind a login belong to local accounts; '\(account.name)' fetches through its server")
        }
        let user = invocation.flag("bearer") ? FeedLogin.tokenUser : invocation.value("login") ?? feed.loginUser
        guard let user else {
            throw CLIError.usage("'\(TerminalText.sanitize(feed.title))' has no login: give one with --login USER or --bearer")
        }
        guard let url = URL(string: feed.url) else { throw CLIError.failure("the feed's stored address cannot be read: \(feed.url)") }
        let consentedHost = FeedLogin.consentedHost(url, invocation) ?? feed.plainHTTPHost
        try FeedLogin.refuseInsecure(url, consentedHost: consentedHost)
        let what = user == FeedLogin.tokenUser ? "Token" : "Password for \(user)"
        var login = FeedLogin(user: user, secret: try SecretInput.read(prompt: "\(what) (feed): ", fromStdin: invocation.flag("password-stdin")))
        login.plainHTTPConsented = consentedHost != nil
        do throws(FetchError) { _ = try FeedFinder(http: session.http).load(url, credentials: login.credentials) } catch {
            throw CLIError(error, fetching: url)
        }
        try session.accounts { (manager) throws(AccountsError) in
            try manager.saveFeedLogin(feed, user: user, secret: login.secret, plainHTTPHost: consentedHost)
        }
        return .message("Stored the login of '\(TerminalText.sanitize(feed.title))' in the keyring.")
    }
}

import FoundationEssentials
import Glibc
import LectorAccounts
import LectorStore

extension FeedLogin {
    /// A feed address with a login in it (`https://user:pass@host/feed`): the address without it,
    /// and the login, which then goes to the keyring like one given with --login. The login never
    /// stays in the address, where the store, `feed list`, OPML and backups would all show it.
    static func splitAddress(_ url: URL, account: Account, invocation: Invocation) throws(CLIError) -> (url: URL, login: FeedLogin?) {
        guard let (bare, user, password) = AddressLogin.takenOut(of: url) else { return (url, nil) }
        guard let clean = bare else { throw .usage("'\(url.host ?? "the address")' cannot be read without its login") }
        guard !account.kind.hasServer else {
            throw .usage("feeds behind a login belong to local accounts; '\(account.name)' fetches through its server (take the login out of the address)")
        }
        guard invocation.value("login") == nil, !invocation.flag("bearer") else {
            throw .usage("the address carries a login and --login/--bearer gives another: keep one (the address without user:password@ and --login USER)")
        }
        guard !user.isEmpty, !password.isEmpty else {
            throw .usage("the address carries a login without a password: use \(clean.absoluteString) with --login \(user.isEmpty ? "USER" : user)")
        }
        return (clean, FeedLogin(user: user, secret: password))
    }

    /// Said after a feed was added with a login taken from its address.
    static let movedNote = "The login in the address was moved to the keyring; the address is kept without it."
}

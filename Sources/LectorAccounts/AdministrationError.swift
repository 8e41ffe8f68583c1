import LectorBasics
import LectorStore
import LectorSync

/// Why an administration verb (subscribe, rename, move, unsubscribe, the folder verbs) was not
/// done. The cause stays typed; the CLI picks the sentence's exit code once.
public enum AdministrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The account's service has no API for this (Fever cannot add, rename, move or remove).
    case unsupported(kind: AccountKind, verb: String)
    /// The feed is already subscribed in this account (also across http/https and a trailing slash).
    case alreadySubscribed(title: String, folder: String?, account: String)
    /// A folder of that name already exists in the account.
    case folderExists(name: String, account: String)
    /// A title or name given was empty.
    case emptyName(what: String)
    /// The server refused or could not be reached; the store was not changed.
    case server(SyncError)
    /// The server did it, but the store could not follow (the next sync repairs the store).
    case store(StoreError)
    /// A feed behind a login was not moved to a plain-http address on another machine.
    case loginInClear(feed: String, url: String)
    /// A feed behind a login was not moved to another origin: its login would be sent there, and
    /// nobody consented to that (see `AccountAdministrator.loginMovesConsented`).
    case loginToAnotherOrigin(feed: String, from: String, to: String)
    /// A feed re-subscribed at its new address keeps its old subscription: `missing` of its
    /// `starred` articles are not in the new one, and unsubscribing would delete them.
    case starredNotFound(feed: String, missing: Int, starred: Int)
    /// The keyring could not keep a feed's secret for its new address; the feed did not move.
    case keyring(String)
    /// The account's kind keeps no such per-feed setting; `kinds` do.
    case settingUnsupported(key: String, kind: AccountKind, kinds: [AccountKind])
    /// A setting's value is not one it takes.
    case badSettingValue(key: String, value: String, expected: String)
    /// The account's service has no call that fetches feeds now.
    case refreshUnsupported(kind: AccountKind)
    /// The server subscribed the feed but filed it in another folder than asked (`filedIn`; nil:
    /// at root level), and filing it again did not take: the store shows it where the server has it.
    case filedElsewhere(feed: String, folder: String, filedIn: String?)
    /// A feed's address is not one Lector keeps (`WebAddressRule`): it came from a store an
    /// older Lector filled from a server unchecked, or from a server's answer.
    case notAWebAddress(feed: String, problem: String)

    public var description: String {
        switch self {
        case .unsupported(let kind, let verb):
            "a \(kind.rawValue) account cannot \(verb) through its API: do it on the server's web page, then 'lector sync'"
        case .alreadySubscribed(let title, let folder, let account):
            "already subscribed as '\(title)' in \(folder.map { "folder \($0)" } ?? "no folder") of '\(account)'"
        case .folderExists(let name, let account):
            "'\(account)' already has a folder named '\(name)'"
        case .emptyName(let what):
            "the \(what) is empty"
        case .server(let error):
            error.description
        case .store(let error):
            error.description
        case .loginInClear(let feed, let url):
            "feed '\(feed)' stays where it is: its login would go in clear to \(url) (plain http to another machine); "
                + "if that is really where it lives, remove it and add it again with --allow-insecure"
        case .loginToAnotherOrigin(let feed, let from, let to):
            "feed '\(feed)' stays where it is: its login would go from \(from) to \(to), another origin: "
                + "answer the question at a terminal, or pass --move-login-to \(to) if you trust it with that login"
        case .starredNotFound(let feed, let missing, let starred):
            "feed '\(feed)' is subscribed at its new address too, but its old subscription stays: \(missing) of its \(starred) starred "
                + "article(s) are not in the new one, and would go with the old; star what you want to keep elsewhere, then 'lector feed remove' the old one"
        case .keyring(let message):
            "the feed stays where it is: the keyring could not keep its secret for the new address: \(message)"
        case .settingUnsupported(let key, let kind, let kinds):
            "a \(kind.rawValue) account cannot set '\(key)'"
                + (kinds.isEmpty ? "" : ": \(kinds.map(\.rawValue).joined(separator: ", ")) account(s) can")
        case .badSettingValue(let key, let value, let expected):
            "'\(key)' takes \(expected), not '\(value)'"
        case .refreshUnsupported(let kind):
            "a \(kind.rawValue) account's API has no way to ask its server to fetch feeds now: it fetches them on its own schedule"
        case .filedElsewhere(let feed, let folder, let filedIn):
            "the server subscribed '\(feed)' but filed it in \(filedIn.map { "folder \($0)" } ?? "no folder"), not in folder \(folder); "
                + "'lector feed move' it, or run the same command again"
        case .notAWebAddress(let feed, let problem):
            "'\(feed)' was not subscribed: its address is \(problem == "not an http or https URL" ? problem : "not usable (\(problem))")"
        }
    }

    /// Wraps what a store transaction threw, keeping a StoreError typed.
    static func storing(_ error: any Error) -> AdministrationError {
        switch StoreError.unwrapped(error) {
        case let error as AdministrationError: error
        case let error as StoreError: .store(error)
        case let error as SyncError: .server(error)
        default: .store(.failed("\(error)"))
        }
    }
}

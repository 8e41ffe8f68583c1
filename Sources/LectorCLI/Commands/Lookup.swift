import FoundationEssentials
import Glibc
import LectorBasics
import LectorFeeds
import LectorStore

/// Finding the feed, folder or account a user named, with "did you mean" when there is none.
enum Lookup {
    static func folder(named name: String, accountID: Int64?, in store: Store) throws(CLIError) -> Folder {
        let folders = try CLIError.catching { try store.folders.list(accountID: accountID) }
        let matches = folders.filter { $0.folder.name.equalsIgnoringCase(name) }
        guard !matches.isEmpty else {
            let elsewhere = try accountID == nil ? [] : CLIError.catching {
                try store.folders.list(accountID: nil).filter { $0.folder.name.equalsIgnoringCase(name) }.map(\.accountName)
            }
            throw .notFound("no folder named '\(name)'" + (elsewhere.isEmpty
                ? "\(Suggestion.hint(for: name, in: folders.map(\.folder.name))) (see 'lector folder list')"
                : heldElsewhere(elsewhere, of: accountID, store)))
        }
        let settled = try settle(matches.map { ($0, $0.folder.accountID, $0.accountName) }, named: name, noun: "folder", store: store)
        guard let settled else {
            throw .usage("several accounts have a folder named '\(name)': pass --account NAME")
        }
        return settled.folder
    }

    /// The feed a command's FEED names, and its account: in --account's when given; without it
    /// in whichever account holds it (a name one account holds needs no --account), the default
    /// account's when several do.
    static func feedAndAccount(_ name: String, _ invocation: Invocation, _ session: Session) throws(CLIError) -> (Account, Feed) {
        let store = try session.store()
        guard invocation.value("account") == nil else {
            let account = try session.account(invocation)
            return (account, try feed(titled: name, accountID: account.id, in: store))
        }
        let found = try feed(titled: name, accountID: nil, in: store)
        return (try owner(of: found.accountID, session), found)
    }

    /// `feedAndAccount` for a folder.
    static func folderAndAccount(_ name: String, _ invocation: Invocation, _ session: Session) throws(CLIError) -> (Account, Folder) {
        let store = try session.store()
        guard invocation.value("account") == nil else {
            let account = try session.account(invocation)
            return (account, try folder(named: name, accountID: account.id, in: store))
        }
        let found = try folder(named: name, accountID: nil, in: store)
        return (try owner(of: found.accountID, session), found)
    }

    private static func owner(of accountID: Int64, _ session: Session) throws(CLIError) -> Account {
        guard let account = try CLIError.catching({ try session.store().accounts.all().first { $0.id == accountID } }) else {
            throw .notFound("no account with id \(accountID)")
        }
        return account
    }

    static func feed(titled name: String, accountID: Int64?, in store: Store) throws(CLIError) -> Feed {
        let feeds = try CLIError.catching { try store.feeds.list(accountID: accountID) }
        let matches = feedMatches(name, in: feeds)
        guard !matches.isEmpty else {
            let elsewhere = try accountID == nil ? [] : CLIError.catching {
                feedMatches(name, in: try store.feeds.list(accountID: nil)).map(\.accountName)
            }
            throw .notFound("no feed titled '\(name)'" + (elsewhere.isEmpty
                ? "\(Suggestion.hint(for: name, in: feeds.map(\.feed.title))) (see 'lector feed list')"
                : heldElsewhere(elsewhere, of: accountID, store)))
        }
        let settled = try settle(matches.map { ($0, $0.feed.accountID, $0.accountName) }, named: name, noun: "feed", store: store)
        guard let settled else {
            throw .usage(addressKey(name) == nil ? "several feeds are titled '\(name)': pass --account NAME or use the feed's URL"
                                                 : "several feeds are at '\(name)': pass --account NAME")
        }
        return settled.feed
    }

    /// A URL finds the feeds at that address, however it is spelled (scheme, host case, trailing
    /// slash); a URL no feed is at, or anything else, finds the feeds so titled.
    private static func feedMatches(_ name: String, in feeds: [FeedListing]) -> [FeedListing] {
        if let key = addressKey(name) {
            let atAddress = feeds.filter { URL(string: $0.feed.url).map(canonicalFeedKey) == key }
            if !atAddress.isEmpty { return atAddress }
        }
        let exact = feeds.filter { $0.feed.title.equalsIgnoringCase(name) }
        // A title is also found as it is shown (and completed): without the characters the
        // sanitiser removes, so that a completed 'Evil Bank' names 'Evil Ba\u{200B}nk'.
        return exact.isEmpty ? feeds.filter { TerminalText.sanitize($0.feed.title).equalsIgnoringCase(name) } : exact
    }

    private static func addressKey(_ name: String) -> String? {
        guard name.contains("://"), let url = URL(string: name.trimmingBlanks) else { return nil }
        return canonicalFeedKey(url)
    }

    /// The one match, or — when the name is in several accounts — the default account's (the one
    /// the REPL prompt shows, as kubectl's current context), with a note naming the others; nil
    /// when neither settles it.
    private static func settle<Match>(_ matches: [(match: Match, accountID: Int64, accountName: String)], named name: String,
                                      noun: String, store: Store) throws(CLIError) -> Match? {
        if matches.count == 1 { return matches[0].match }
        guard let defaultAccount = try CLIError.catching({ try store.accounts.defaultAccount() }) else { return nil }
        let inDefault = matches.filter { $0.accountID == defaultAccount.id }
        guard inDefault.count == 1 else { return nil }
        let others = matches.filter { $0.accountID != defaultAccount.id }.map { "'\($0.accountName)'" }
        Console.note("'\(name)' is a \(noun) of \(others.joined(separator: ", ")) too; using the default account's, '\(defaultAccount.name)' (pass --account NAME for another)")
        return inDefault[0].match
    }

    /// " in 'Mine'; 'Other' has one: pass --account Other": the name was right, the account not.
    private static func heldElsewhere(_ accounts: [String], of accountID: Int64?, _ store: Store) -> String {
        // Only names the account searched, for the message: a store that cannot say leaves it out.
        let searched = accountID.flatMap { id in try? store.accounts.all().first { $0.id == id }?.name }
        let holder = accounts[0]
        return (searched.map { " in '\($0)'" } ?? "") + "; '\(holder)' has one: pass --account \(ShellWords.quotedIfNeeded(holder))"
    }
}

import FoundationEssentials
import Glibc
import LectorBasics
import LectorStore

/// Finding the feed, folder or account a user named, with "did you mean" when there is none.
enum Lookup {
    static func folder(named name: String, accountID: Int64?, in store: Store) throws(CLIError) -> Folder {
        let folders = try CLIError.catching { try store.folders.list(accountID: accountID) }
        let matches = folders.filter { $0.folder.name.equalsIgnoringCase(name) }
        guard let match = matches.first else {
            let elsewhere = try accountID == nil ? [] : CLIError.catching {
                try store.folders.list(accountID: nil).filter { $0.folder.name.equalsIgnoringCase(name) }.map(\.accountName)
            }
            throw .notFound("no folder named '\(name)'" + (elsewhere.isEmpty
                ? "\(Suggestion.hint(for: name, in: folders.map(\.folder.name))) (see 'lector folder list')"
                : heldElsewhere(elsewhere, of: accountID, store)))
        }
        guard matches.count == 1 else {
            throw .usage("several accounts have a folder named '\(name)': pass --account NAME")
        }
        return match.folder
    }

    static func feed(titled title: String, accountID: Int64?, in store: Store) throws(CLIError) -> Feed {
        let feeds = try CLIError.catching { try store.feeds.list(accountID: accountID) }
        let exact = feeds.filter { $0.feed.title.equalsIgnoringCase(title) || $0.feed.url == title }
        // A title is also found as it is shown (and completed): without the characters the
        // sanitiser removes, so that a completed 'Evil Bank' names 'Evil Ba\u{200B}nk'.
        let matches = exact.isEmpty ? feeds.filter { TerminalText.sanitize($0.feed.title).equalsIgnoringCase(title) } : exact
        guard let match = matches.first else {
            let elsewhere = try accountID == nil ? [] : CLIError.catching {
                try store.feeds.list(accountID: nil).filter { $0.feed.title.equalsIgnoringCase(title) || $0.feed.url == title }.map(\.accountName)
            }
            throw .notFound("no feed titled '\(title)'" + (elsewhere.isEmpty
                ? "\(Suggestion.hint(for: title, in: feeds.map(\.feed.title))) (see 'lector feed list')"
                : heldElsewhere(elsewhere, of: accountID, store)))
        }
        guard matches.count == 1 else {
            throw .usage("several feeds are titled '\(title)': pass --account NAME or use the feed's URL")
        }
        return match.feed
    }

    /// " in 'Mine'; 'Other' has one: pass --account Other": the name was right, the account not.
    private static func heldElsewhere(_ accounts: [String], of accountID: Int64?, _ store: Store) -> String {
        // Only names the account searched, for the message: a store that cannot say leaves it out.
        let searched = accountID.flatMap { id in try? store.accounts.all().first { $0.id == id }?.name }
        let holder = accounts[0]
        return (searched.map { " in '\($0)'" } ?? "") + "; '\(holder)' has one: pass --account \(ShellWords.quotedIfNeeded(holder))"
    }
}

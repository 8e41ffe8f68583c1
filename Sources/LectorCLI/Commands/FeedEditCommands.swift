import FoundationEssentials
import Glibc
import LectorAccounts
import LectorBasics
import LectorFeeds
import LectorKeyring
import LectorStore
import LectorSync

/// Subscribing, renaming, moving and unsubscribing. On local accounts these change the store; on
/// remote ones they go through the server first and the store follows once it acknowledged,
/// so offline nothing changes and the network exit code says why.
enum FeedEditCommands {
    static let all: [CommandSpec] = [add, show, rename, move, remove]

    static let add = CommandSpec(
        ["feed", "add"], "subscribe to a feed, by its URL or a site's URL (discovery)",
        discussion: "The feed is fetched and parsed before it is saved. With several candidates Lector asks at a terminal, and otherwise lists them: pick one with --pick N. On Miniflux and TT-RSS, --on-server has the server look for the feeds (Miniflux's POST /v1/discover; TT-RSS's subscribeToFeed, which subscribes a feed's own address as it finds it and lists a page's several feeds) and subscribe without Lector fetching anything; Lector does so by itself when it cannot reach the site and the server may (another kind: refused, exit 2). On a server account the new feed's own entries are fetched right after subscribing (FreshRSS and Miniflux list one feed's entries; on Fever and Feedbin the account syncs), so its articles are listed at once (a failed fetch is said; the subscription stands; the next sync brings the rest of the account).",
        arguments: [ArgumentSpec("URL", "a feed URL, or a site whose page lists feeds")],
        options: [
            OptionSpec.account,
            OptionSpec("folder", short: "f", value: "FOLDER", "file it in this folder (created when missing)", source: .folders),
            OptionSpec("title", short: "t", value: "TITLE", "call it this instead of the feed's own title"),
            OptionSpec("pick", value: "N", "with several candidates, take number N"),
            OptionSpec("on-server", "let the server look for the feed and fetch it (Miniflux, TT-RSS), for a site only the server can reach"),
            OptionSpec("login", value: "USER", "the feed needs a login (HTTP Basic): the password is asked for and kept in the keyring"),
            OptionSpec("bearer", "the feed needs a bearer token: it is asked for and kept in the keyring"),
            OptionSpec("password-stdin", "read the feed's password or token from stdin"),
            OptionSpec("allow-insecure", "allow sending the feed's login over plain http to a host that is not this machine"),
        ]
    ) { invocation, session in
        let account = try session.accountForNewData(invocation)
        let (url, addressLogin) = try FeedLogin.splitAddress(try TypedURL.parse(invocation.argument("URL") ?? ""), account: account,
                                                             invocation: invocation)
        // Refusals come before anything is fetched: a service that cannot add feeds, a URL already subscribed.
        try session.accounts { (manager) throws(AccountsError) in try manager.checkNewSubscription(to: url, in: account) }
        let (login, consentedHost) = try FeedLogin.forNewFeed(at: url, addressLogin: addressLogin, account: account, invocation)
        let finder = FeedFinder(http: session.http)
        let choice: FeedFinder.Found
        switch try chosenFeed(at: url, finder: finder, login: login, account: account, session, invocation) {
        case .feed(let found): choice = found
        case .onServer(let found):
            let request = SubscriptionRequest(url: found.candidate.url, folder: invocation.value("folder"), title: invocation.value("title"))
            return try subscribed(request, in: account, login: nil, session, detail: ", found and fetched by the server")
        case .answer(let output): return output
        }
        let (feedURL, fetched) = try loaded(choice, typed: url, finder: finder, login: login)
        let request = SubscriptionRequest(url: feedURL, folder: invocation.value("folder"), title: invocation.value("title"),
                                          fetched: fetched, loginUser: login?.user)
        let newLogin = login.map { login in NewFeedLogin(secret: login.secret, item: { login.item($0) }, plainHTTPHost: consentedHost) }
        return try subscribed(request, in: account, login: newLogin, session,
                              after: addressLogin == nil ? "" : "\n" + FeedLogin.movedNote)
    }

    /// Subscribes through the account's manager and says so: `detail` ends the sentence, `after` follows it.
    static func subscribed(_ request: SubscriptionRequest, in account: Account, login: NewFeedLogin?,
                           _ session: Session, detail: String = "", after: String = "") throws(CLIError) -> CommandOutput {
        let subscription = try session.accounts { (manager) throws(AccountsError) in try manager.subscribe(request, in: account, login: login) }
        let feed = subscription.feed
        let synced = account.kind.hasServer ? syncedAfterSubscribing(feed, account, session) : ""
        return CommandOutput(text: "Subscribed to '\(TerminalText.sanitize(feed.title))'\(request.folder.map { " in \($0)" } ?? "") (\(TerminalText.sanitize(feed.url)))"
                                 + "\(subscription.change.note)\(detail).\(synced)\(after)",
                             json: FeedCommands.FeedJSON(try CLIError.catching { try LocalStructure.listing(feed.id, store: session.store()) }))
    }

    /// A feed subscribed on a server has no articles here until they are fetched: the feed's own
    /// entries are fetched now (Fever and Feedbin, which cannot list one feed's, sync the account),
    /// so `article list` and `browse` show them at once. The subscription stands whatever the
    /// fetch does; a failed one is said, and the next sync brings the articles.
    static func syncedAfterSubscribing(_ feed: Feed, _ account: Account, _ session: Session) -> String {
        do throws(CLIError) {
            if try session.accounts({ (manager) throws(AccountsError) in try manager.pullSubscribedFeed(feed, of: account) }) != nil {
                let articles = try CLIError.catching { try LocalStructure.listing(feed.id, store: session.store()).articleCount }
                return "\nFetched from '\(TerminalText.sanitize(account.name))': the feed has \(articles) article(s)."
            }
            let request = SyncRequest(accountName: account.name, trigger: .manual, pushOnly: false,
                                      ageLimit: try session.preferences().syncAgeLimit)
            let report = try session.accounts { (manager) throws(AccountsError) in try manager.sync(request) }
            if let failure = report.accounts.first(where: { $0.outcome == .failed })?.failures.first {
                return "\nThe sync of '\(TerminalText.sanitize(account.name))' failed (\(TerminalText.sanitize(FailureJSON(failure).cause))): its articles arrive with the next sync."
            }
            let articles = try CLIError.catching { try LocalStructure.listing(feed.id, store: session.store()).articleCount }
            return "\nSynced '\(TerminalText.sanitize(account.name))': the feed has \(articles) article(s)."
        } catch {
            return "\nThe sync of '\(TerminalText.sanitize(account.name))' failed (\(error.description)): its articles arrive with the next sync."
        }
    }

    /// The address to store for the chosen feed (the one typed when a login needs it, see
    /// `FeedLogin.urlToStore`) and the feed fetched and parsed from it, with its validators.
    static func loaded(_ choice: FeedFinder.Found, typed url: URL, finder: FeedFinder,
                       login: FeedLogin?) throws(CLIError) -> (URL, SubscriptionRequest.FetchedFeed) {
        var choice = choice
        var feedURL = choice.candidate.url
        if let login { feedURL = try FeedLogin.urlToStore(feedURL, typed: url, finder: finder, credentials: login.credentials) }
        if choice.feed == nil {
            do throws(FetchError) { choice = try finder.load(feedURL, credentials: login?.credentials) } catch { throw CLIError(error) }
        }
        guard let parsed = choice.feed else { throw CLIError.failure("\(feedURL.absoluteString) could not be read as a feed") }
        return (feedURL, .init(feed: parsed, state: choice.fetchState))
    }

    /// The feed to subscribe to, or the command's answer without one.
    enum Choice {
        case feed(FeedFinder.Found)
        /// Found by the server (`--on-server`, or a site Lector cannot reach): the server fetches it.
        case onServer(FeedFinder.Found)
        case answer(CommandOutput)
    }

    /// The feed to subscribe to at `url`: the one found, or with several the one picked (--pick
    /// N, or asked at a terminal; "Nothing added." when the user chose none). Off a terminal
    /// several candidates are listed and the command fails with a usage error.
    static func chosenFeed(at url: URL, finder: FeedFinder, login: FeedLogin?, account: Account, _ session: Session,
                           _ invocation: Invocation) throws(CLIError) -> Choice {
        let (candidates, onServer) = try candidates(at: url, finder: finder, login: login, account: account, session, invocation)
        var found = candidates
        let chosen = { (found: FeedFinder.Found) in onServer ? Choice.onServer(found) : .feed(found) }
        guard !found.isEmpty else { throw CLIError.notFound("no feed found at \(url.absoluteString)\(onServer ? " by the server" : "")") }
        found = try session.accounts { [found] (manager) throws(AccountsError) in try manager.subscribable(found, in: account) }
        guard !found.isEmpty else {
            throw CLIError.usage("'\(account.name)' (\(account.kind.rawValue)) cannot subscribe to a JSON Feed, and \(url.absoluteString) offers no other")
        }
        guard found.count > 1 else { return chosen(found[0]) }
        let lines = FeedInspectCommands.candidateLines(found)
        if let pick = try invocation.intValue("pick", range: 1...found.count) { return chosen(found[pick - 1]) }
        guard Prompter.isInteractive else {
            // Off a terminal: the candidates one per line (a JSON array with --json), then a usage error.
            let candidates = found.enumerated().map { FeedInspectCommands.CandidateJSON(number: $0 + 1, found: $1) }
            return .answer(CommandOutput(text: lines.joined(separator: "\n"), json: candidates)
                .failing(.usage, "several feeds found at \(url.absoluteString): pass --pick N with one of the \(found.count) above"))
        }
        Console.out((["Several feeds found:"] + lines).joined(separator: "\n") + "\n")
        guard let number = try Prompter.choose(count: found.count) else { return .answer(.message("Nothing added.")) }
        return chosen(found[number - 1])
    }

    /// The feeds at `url` as Lector finds them, or as the account's server does (true).
    static func candidates(at url: URL, finder: FeedFinder, login: FeedLogin?, account: Account, _ session: Session,
                           _ invocation: Invocation) throws(CLIError) -> ([FeedFinder.Found], Bool) {
        let manager = try session.accountManager()
        do {
            return try manager.feedCandidates(at: url, in: account, finder: finder, credentials: login?.credentials, onServer: invocation.flag("on-server"))
        } catch {
            switch error {
            case .site(let cause): throw CLIError(cause, fetching: url)
            case .server(let cause): throw CLIError(cause)
            }
        }
    }

    static let show = CommandSpec(
        ["feed", "show"], "show a feed: address, folder, counts, last fetch",
        arguments: [ArgumentSpec("FEED", "the feed's title or URL", source: .feeds)],
        options: [OptionSpec.account]
    ) { invocation, session in
        let store = try session.store()
        let account = try session.accountFilter(invocation)
        let feed = try Lookup.feed(titled: invocation.argument("FEED") ?? "", accountID: account?.id, in: store)
        let listing = try CLIError.catching { try LocalStructure.listing(feed.id, store: store) }
        let meta = try CLIError.catching { try store.fetchMeta.meta(feedID: feed.id) }
        var lines = [TerminalText.sanitize(feed.title), "  url: \(feed.url)"]
        if let site = feed.siteURL { lines.append("  site: \(TerminalText.sanitize(site))") }
        lines.append("  account: \(listing.accountName), folder: \(listing.folderName ?? "—")")
        lines.append("  articles: \(listing.articleCount), unread: \(listing.unreadCount)")
        if let user = listing.feed.loginUser {
            lines.append("  login: \(user) (\(FeedLogin.secretState(of: listing.feed, account: listing.accountName, keyring: session.keyring)))")
        }
        if let fetched = meta.lastFetchedAt { lines.append("  last fetched: \(JSONOutput.timestamp(fetched) ?? "")") }
        if let error = meta.lastError { lines.append("  last error: \(TerminalText.sanitize(error)) (failures in a row: \(meta.failureCount))") }
        if listing.paused { lines.append("  paused: not fetched until 'lector feed resume'") }
        var json = FeedCommands.FeedJSON(listing)
        if let settings = try FeedServerCommands.shownSettings(feed, store: store, session: session) {
            lines += settings.lines
            json.server_settings = settings.values
        }
        return CommandOutput(text: lines.joined(separator: "\n"), json: json)
    }

    static let rename = CommandSpec(
        ["feed", "rename"], "give a feed another title",
        arguments: [ArgumentSpec("FEED", "the feed's title or URL", source: .feeds), ArgumentSpec("TITLE", "the new title")],
        options: [OptionSpec.account]
    ) { invocation, session in
        let (_, account, feed) = try target(invocation, session)
        let title = invocation.argument("TITLE") ?? ""
        guard !title.trimmingWhitespace.isEmpty else { throw CLIError.usage("the new title is empty") }
        let change = try session.accounts { (manager) throws(AccountsError) in try manager.renameFeed(feed, to: title, in: account) }
        return .message("Renamed '\(TerminalText.sanitize(feed.title))' to '\(title)'\(change.note).")
    }

    static let move = CommandSpec(
        ["feed", "move"], "file a feed in another folder (created when missing)",
        arguments: [
            ArgumentSpec("FEED", "the feed's title or URL", source: .feeds),
            ArgumentSpec("FOLDER", "the folder to file it in", source: .folders),
        ],
        options: [OptionSpec.account]
    ) { invocation, session in
        let (_, account, feed) = try target(invocation, session)
        let folderName = invocation.argument("FOLDER") ?? ""
        let placement = try session.accounts { (manager) throws(AccountsError) in try manager.moveFeed(feed, toFolder: folderName, in: account) }
        let note = placement.created ? " (new folder)" : ""
        return CommandOutput(text: "Moved '\(TerminalText.sanitize(feed.title))' to \(placement.folder.name)\(note)\(placement.change.note).",
                             json: MoveJSON(feed: feed.title, folder: placement.folder.name, created_folder: placement.created))
    }

    static let remove = CommandSpec(
        ["feed", "remove"], "unsubscribe from a feed; its articles go too",
        arguments: [ArgumentSpec("FEED", "the feed's title or URL", source: .feeds)],
        options: [OptionSpec.account, OptionSpec("yes", short: "y", "do not ask for confirmation")]
    ) { invocation, session in
        let (store, account, feed) = try target(invocation, session)
        let listing = try CLIError.catching { try LocalStructure.listing(feed.id, store: store) }
        if !invocation.flag("yes") {
            guard Prompter.isInteractive else {
                throw CLIError.usage("this unsubscribes from '\(feed.title)' and deletes its \(listing.articleCount) article(s): pass --yes to confirm when not at a terminal")
            }
            guard try Prompter.confirm("Unsubscribe from '\(TerminalText.sanitize(feed.title))' and delete its \(listing.articleCount) article(s)?") else {
                return .message("Nothing changed.")
            }
        }
        let change = try session.accounts { (manager) throws(AccountsError) in try manager.unsubscribe(feed, in: account) }
        return .message("Unsubscribed from '\(TerminalText.sanitize(feed.title))'\(change.note).")
    }

    struct MoveJSON: Encodable, Sendable {
        let feed: String
        let folder: String
        let created_folder: Bool
    }

    /// The store, the account (from --account or the default) and the feed named.
    static func target(_ invocation: Invocation, _ session: Session) throws(CLIError) -> (Store, Account, Feed) {
        let (account, feed) = try Lookup.feedAndAccount(invocation.argument("FEED") ?? "", invocation, session)
        return (try session.store(), account, feed)
    }
}

/// Local bookkeeping shared by the structure commands.
enum LocalStructure {
    static func listing(_ feedID: Int64, store: Store) throws -> FeedListing {
        guard let listing = try store.feeds.list().first(where: { $0.feed.id == feedID }) else {
            throw StoreError.notFound(what: "feed", name: String(feedID))
        }
        return listing
    }
}

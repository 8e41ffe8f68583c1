import FoundationEssentials
import Glibc
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
        discussion: "The feed is fetched and parsed before it is saved. With several candidates Lector asks at a terminal, and otherwise lists them: pick one with --pick N.",
        arguments: [ArgumentSpec("URL", "a feed URL, or a site whose page lists feeds")],
        options: [
            OptionSpec.account,
            OptionSpec("folder", short: "f", value: "FOLDER", "file it in this folder (created when missing)", source: .folders),
            OptionSpec("title", short: "t", value: "TITLE", "call it this instead of the feed's own title"),
            OptionSpec("pick", value: "N", "with several candidates, take number N"),
            OptionSpec("login", value: "USER", "the feed needs a login (HTTP Basic): the password is asked for and kept in the keyring"),
            OptionSpec("bearer", "the feed needs a bearer token: it is asked for and kept in the keyring"),
            OptionSpec("password-stdin", "read the feed's password or token from stdin"),
            OptionSpec("allow-insecure", "allow sending the feed's login over plain http to a host that is not this machine"),
        ]
    ) { invocation, session in
        let store = try session.store()
        let account = try session.accountForNewData(invocation)
        let (url, addressLogin) = try FeedLogin.splitAddress(try TypedURL.parse(invocation.argument("URL") ?? ""), account: account,
                                                             invocation: invocation)
        // Refusals come before anything is fetched: a service that cannot add feeds, a URL already subscribed.
        let provider = account.kind == .local ? nil : try session.provider(for: account)
        if let provider, !provider.capabilities.canEditStructure {
            throw CLIError.usage("a \(account.kind.rawValue) account cannot add feeds through its API: add it on the server's web page, then 'lector sync'")
        }
        try refuseDuplicate(url, account: account, store: store)
        try FeedLogin.refuseInsecure(url, invocation, addressLogin: addressLogin != nil)
        let login = try addressLogin ?? FeedLogin.read(invocation, account: account)
        let finder = FeedFinder(http: session.http)
        var found: [FeedFinder.Found]
        do throws(FetchError) { found = try finder.find(url, credentials: login?.credentials) } catch { throw CLIError(error).plainHTTPHint(for: url) }
        guard !found.isEmpty else { throw CLIError.notFound("no feed found at \(url.absoluteString)") }
        var choice = found[0]
        if found.count > 1 {
            let lines = FeedInspectCommands.candidateLines(found)
            if let pick = try invocation.intValue("pick", range: 1...found.count) {
                choice = found[pick - 1]
            } else if Prompter.isInteractive {
                Console.out((["Several feeds found:"] + lines).joined(separator: "\n") + "\n")
                guard let number = try Prompter.choose(count: found.count) else { return .message("Nothing added.") }
                choice = found[number - 1]
            } else {
                // Off a terminal: the candidates one per line (a JSON array with --json), then a usage error.
                let candidates = found.enumerated().map { FeedInspectCommands.CandidateJSON(number: $0 + 1, found: $1) }
                return CommandOutput(text: lines.joined(separator: "\n"), json: candidates)
                    .failing(.usage, "several feeds found at \(url.absoluteString): pass --pick N with one of the \(found.count) above")
            }
        }
        var feedURL = choice.candidate.url
        if let login { feedURL = try FeedLogin.urlToStore(feedURL, typed: url, finder: finder, credentials: login.credentials) }
        try refuseDuplicate(feedURL, account: account, store: store)
        if choice.feed == nil {
            do throws(FetchError) { choice = try finder.load(feedURL, credentials: login?.credentials) } catch { throw CLIError(error) }
        }
        guard let parsed = choice.feed else { throw CLIError.failure("\(feedURL.absoluteString) could not be read as a feed") }
        let title = invocation.value("title") ?? (parsed.title.isEmpty ? feedURL.host ?? feedURL.absoluteString : parsed.title)
        let folderName = invocation.value("folder")
        let feed: Feed
        if let provider {
            let remoteFeed = try remote { () throws(SyncError) in
                try provider.subscribe(feedURL: feedURL.absoluteString, folder: folderName, title: invocation.value("title"))
            }
            feed = try CLIError.catching { try RemoteStructure.store(remoteFeed, account: account, store: store) }
        } else {
            feed = try CLIError.catching {
                try store.database.write {
                    let folderID = try folderName.map { try LocalStructure.folder(named: $0, account: account, store: store).id }
                    let feed = try store.feeds.insert(accountID: account.id, folderID: folderID, serverID: feedURL.absoluteString,
                                                      title: title, url: feedURL.absoluteString, siteURL: parsed.link)
                    try store.sync.applyEntries(accountID: account.id, parsed.items.map { (feed.id, LocalFeedSync.article($0, feedID: feed.id), false, false) },
                                                protected: [], stateUpdatesExisting: false)
                    if let state = choice.fetchState {
                        try store.fetchMeta.save(StoredFetchMeta(etag: state.etag, lastModified: state.lastModified, bodyHash: state.bodyHash,
                                                                 nextFetchAt: state.nextFetchAt, lastFetchedAt: Date().timeIntervalSince1970),
                                                 feedID: feed.id)
                    }
                    try store.feeds.setLogin(feed.id, user: login?.user)
                    return feed
                }
            }
            if let login {
                do throws(CLIError) {
                    try KeyringAccess.run { () throws(KeyringError) in try session.keyring.store(login.secret, for: login.item(feed)) }
                } catch {
                    // No keyring, no feed: a login must never be kept anywhere else. The keyring's
                    // error is the one to report; a feed left behind has no secret anywhere.
                    try? store.feeds.remove(feed.id)
                    throw error
                }
            }
        }
        return CommandOutput(text: "Subscribed to '\(TerminalText.sanitize(feed.title))'\(folderName.map { " in \($0)" } ?? "") (\(feed.url))."
                                 + (addressLogin == nil ? "" : "\n" + FeedLogin.movedNote),
                             json: FeedCommands.FeedJSON(try CLIError.catching { try LocalStructure.listing(feed.id, store: store) }))
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
        if let user = listing.feed.loginUser { lines.append("  login: \(user) (the secret is in the keyring)") }
        if let fetched = meta.lastFetchedAt { lines.append("  last fetched: \(JSONOutput.timestamp(fetched) ?? "")") }
        if let error = meta.lastError { lines.append("  last error: \(TerminalText.sanitize(error)) (failures in a row: \(meta.failureCount))") }
        return CommandOutput(text: lines.joined(separator: "\n"), json: FeedCommands.FeedJSON(listing))
    }

    static let rename = CommandSpec(
        ["feed", "rename"], "give a feed another title",
        arguments: [ArgumentSpec("FEED", "the feed's title or URL", source: .feeds), ArgumentSpec("TITLE", "the new title")],
        options: [OptionSpec.account]
    ) { invocation, session in
        let (store, account, feed) = try target(invocation, session)
        let title = invocation.argument("TITLE") ?? ""
        guard !title.trimmingWhitespace.isEmpty else { throw CLIError.usage("the new title is empty") }
        if account.kind != .local {
            let provider = try editingProvider(account, session)
            try remote { () throws(SyncError) in try provider.renameFeed(try RemoteStructure.reference(feed, store: store), to: title) }
        }
        try CLIError.catching { try store.feeds.update(feed.id, title: title, siteURL: feed.siteURL) }
        return .message("Renamed '\(TerminalText.sanitize(feed.title))' to '\(title)'.")
    }

    static let move = CommandSpec(
        ["feed", "move"], "file a feed in another folder (created when missing)",
        arguments: [
            ArgumentSpec("FEED", "the feed's title or URL", source: .feeds),
            ArgumentSpec("FOLDER", "the folder to file it in", source: .folders),
        ],
        options: [OptionSpec.account]
    ) { invocation, session in
        let (store, account, feed) = try target(invocation, session)
        let folderName = invocation.argument("FOLDER") ?? ""
        let existing = try? Lookup.folder(named: folderName, accountID: account.id, in: store)
        if account.kind != .local {
            let provider = try editingProvider(account, session)
            try remote { () throws(SyncError) in try provider.moveFeed(try RemoteStructure.reference(feed, store: store), to: folderName) }
        }
        let folder = try CLIError.catching {
            try store.database.write {
                let folder = try existing ?? LocalStructure.folder(named: folderName, account: account, store: store)
                try store.feeds.move(feed.id, toFolder: folder.id)
                return folder
            }
        }
        let note = existing == nil ? " (new folder)" : ""
        return CommandOutput(text: "Moved '\(TerminalText.sanitize(feed.title))' to \(folder.name)\(note).",
                             json: MoveJSON(feed: feed.title, folder: folder.name, created_folder: existing == nil))
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
        if account.kind != .local {
            let provider = try editingProvider(account, session)
            try remote { () throws(SyncError) in try provider.unsubscribe(try RemoteStructure.reference(feed, store: store)) }
        }
        try CLIError.catching { try store.feeds.remove(feed.id) }
        if feed.loginUser != nil || listing.feed.loginUser != nil {
            // The feed is gone either way: the unsubscribe must not fail because the keyring
            // cannot delete its secret right now (a secret may stay behind in that case).
            _ = try? session.keyring.removeAll(feedID: String(feed.id), url: feed.url)
        }
        return .message("Unsubscribed from '\(TerminalText.sanitize(feed.title))'.")
    }

    struct MoveJSON: Encodable, Sendable {
        let feed: String
        let folder: String
        let created_folder: Bool
    }

    /// The store, the account (from --account or the default) and the feed named.
    static func target(_ invocation: Invocation, _ session: Session) throws(CLIError) -> (Store, Account, Feed) {
        let store = try session.store()
        let account = try session.account(invocation)
        let feed = try Lookup.feed(titled: invocation.argument("FEED") ?? "", accountID: account.id, in: store)
        return (store, account, feed)
    }

    /// The provider of an account whose service can edit structure; says so before doing anything otherwise.
    static func editingProvider(_ account: Account, _ session: Session) throws(CLIError) -> any SyncProvider {
        let provider = try session.provider(for: account)
        guard provider.capabilities.canEditStructure else {
            throw CLIError.usage("a \(account.kind.rawValue) account cannot change feeds or folders through its API: do it on the server's web page, then 'lector sync'")
        }
        return provider
    }

    /// Refuses a second subscription to the same feed (also across http/https and a trailing
    /// slash), naming where the first one is.
    static func refuseDuplicate(_ url: URL, account: Account, store: Store) throws(CLIError) {
        let key = canonicalFeedKey(url)
        let feeds = try CLIError.catching { try store.feeds.list(accountID: account.id) }
        if let twin = feeds.first(where: { URL(string: $0.feed.url).map(canonicalFeedKey) == key }) {
            throw CLIError.conflict("already subscribed as '\(TerminalText.sanitize(twin.feed.title))' in \(twin.folderName.map { "folder \($0)" } ?? "no folder") of '\(account.name)'")
        }
    }
}

/// Local bookkeeping shared by the structure commands.
enum LocalStructure {
    /// The folder of that name in the account, created when missing.
    static func folder(named name: String, account: Account, store: Store) throws -> Folder {
        if let existing = try store.folders.list(accountID: account.id).first(where: { $0.folder.name.equalsIgnoringCase(name) }) {
            return existing.folder
        }
        let serverID = account.kind == .freshrss ? "user/-/label/\(name)" : name
        return try store.folders.insert(accountID: account.id, serverID: serverID, name: name)
    }

    static func listing(_ feedID: Int64, store: Store) throws -> FeedListing {
        guard let listing = try store.feeds.list().first(where: { $0.feed.id == feedID }) else {
            throw StoreError.notFound(what: "feed", name: String(feedID))
        }
        return listing
    }
}

/// Translating between the store and the provider's model for administration.
enum RemoteStructure {
    static func reference(_ feed: Feed, store: Store) throws(SyncError) -> RemoteFeedReference {
        let folder = try? store.folders.list(accountID: feed.accountID).first { $0.folder.id == feed.folderID }?.folder
        return RemoteFeedReference(serverID: feed.serverID, url: feed.url,
                                   folder: folder.map { RemoteFolder(serverID: $0.serverID, name: $0.name) })
    }

    /// Stores a feed the server just acknowledged, with its folder, without waiting for a sync.
    static func store(_ remote: RemoteFeed, account: Account, store: Store) throws -> Feed {
        try store.database.write {
            var folderID: Int64?
            if let folderServerID = remote.folderServerID {
                let folders = try store.folders.list(accountID: account.id)
                folderID = try folders.first(where: { $0.folder.serverID == folderServerID })?.folder.id
                    ?? store.folders.insert(accountID: account.id, serverID: folderServerID,
                                            name: folderServerID.components(separatedBy: "/label/").last ?? folderServerID).id
            }
            return try store.feeds.insert(accountID: account.id, folderID: folderID, serverID: remote.serverID, title: remote.title,
                                          url: remote.url, siteURL: remote.siteURL)
        }
    }
}

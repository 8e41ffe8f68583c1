import LectorStore

enum FeedCommands {
    static let all: [CommandSpec] = [list, move]

    static let move = CommandSpec(
        ["feed", "move"], "file a feed in another folder (created when missing)",
        arguments: [
            ArgumentSpec("FEED", "the feed's title or URL", source: .feeds),
            ArgumentSpec("FOLDER", "the folder to file it in", source: .folders),
        ],
        options: [OptionSpec.account]
    ) { invocation, session in
        let store = try session.store()
        let account = try session.account(invocation)
        let title = invocation.argument("FEED") ?? ""
        let folderName = invocation.argument("FOLDER") ?? ""
        let feed = try Lookup.feed(titled: title, accountID: account.id, in: store)
        guard account.kind == .local else {
            throw CLIError.failure("moving a feed on a \(account.kind.rawValue) account goes through its server, which this build cannot do yet")
        }
        let existing = try? Lookup.folder(named: folderName, accountID: account.id, in: store)
        let folder = try CLIError.catching {
            try store.database.write {
                let folder = try existing ?? store.folders.insert(accountID: account.id, serverID: folderName, name: folderName)
                try store.feeds.move(feed.id, toFolder: folder.id)
                return folder
            }
        }
        let note = existing == nil ? " (new folder)" : ""
        return CommandOutput(text: "Moved '\(TerminalText.sanitize(feed.title))' to \(folder.name)\(note).",
                             json: MoveJSON(feed: feed.title, folder: folder.name, created_folder: existing == nil))
    }

    struct MoveJSON: Encodable, Sendable {
        let feed: String
        let folder: String
        let created_folder: Bool
    }

    static let list = CommandSpec(
        ["feed", "list"], "list feeds with their folder and unread count",
        options: [
            OptionSpec.account,
            OptionSpec("folder", short: "f", value: "FOLDER", "only feeds in this folder", source: .folders),
        ]
    ) { invocation, session in
        let store = try session.store()
        let account = try session.accountFilter(invocation)
        let folder = try invocation.value("folder").map { name throws(CLIError) in
            try Lookup.folder(named: name, accountID: account?.id, in: store)
        }
        let feeds = try CLIError.catching { try store.feeds.list(accountID: account?.id, folderID: folder?.id) }
        let showAccount = Set(feeds.map(\.accountName)).count > 1
        var table = TextTable((showAccount ? ["ACCOUNT"] : []) + ["TITLE", "FOLDER", "UNREAD", "URL"],
                              flexibleColumn: showAccount ? 1 : 0)
        for listing in feeds {
            table.add((showAccount ? [listing.accountName] : [])
                      + [listing.feed.title, listing.folderName ?? "—", String(listing.unreadCount), listing.feed.url])
        }
        let text = feeds.isEmpty ? "No feeds." : table.render(width: session.terminalWidth)
        return CommandOutput(text: text, json: feeds.map(FeedJSON.init))
    }

    struct FeedJSON: Encodable, Sendable {
        let id: Int64
        let account: String
        let title: String
        let url: String
        let site_url: String?
        let folder: String?
        let unread: Int
        let articles: Int

        init(_ listing: FeedListing) {
            id = listing.feed.id
            account = listing.accountName
            title = listing.feed.title
            url = listing.feed.url
            site_url = listing.feed.siteURL
            folder = listing.folderName
            unread = listing.unreadCount
            articles = listing.articleCount
        }
    }
}

import LectorStore

enum FeedCommands {
    static let all: [CommandSpec] = [list] + FeedEditCommands.all + [FeedPasswordCommand.password, FeedApplyCommand.apply, FeedCheckCommand.check]
        + FeedInspectCommands.all + FeedServerCommands.all

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
        // The table is laid out only when it is shown: for --json it was most of the command's time.
        guard !invocation.wantsJSON else { return CommandOutput(text: "", json: feeds.map(FeedJSON.init)) }
        if session.tablesArePlain {
            return CommandOutput(text: PlainColumns.feedList.render(feeds.map { listing in
                [listing.accountName, listing.feed.title, listing.folderName ?? "", String(listing.unreadCount), listing.feed.url,
                 listing.leftServer ? "left-server" : listing.paused ? "paused" : "active"]
            }), json: feeds.map(FeedJSON.init))
        }
        let showAccount = Set(feeds.map(\.accountName)).count > 1
        var table = TextTable((showAccount ? ["ACCOUNT"] : []) + ["TITLE", "FOLDER", "UNREAD", "URL"],
                              flexibleColumn: showAccount ? 1 : 0, addressColumns: [showAccount ? 4 : 3])
        for listing in feeds {
            table.add((showAccount ? [listing.accountName] : [])
                      + [listing.feed.title + (listing.leftServer ? " (left the server)" : listing.paused ? " (paused)" : ""),
                         listing.folderName ?? "—", String(listing.unreadCount),
                         listing.feed.url])
        }
        let text = feeds.isEmpty ? "No feeds." : table.render(for: session)
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
        let paused: Bool
        /// The server stopped listing the feed: kept here for the user's articles in it.
        let left_server: Bool
        /// `feed show`: the feed's server settings by key (see docs/feed-settings.md).
        var server_settings: [String: String]?

        init(_ listing: FeedListing) {
            paused = listing.paused
            left_server = listing.leftServer
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

/// `feed list --json` writes its thousand rows straight out (see `JSONStream`): the members in
/// UTF-8 key order, nil optionals left out, as the synthesized `encode(to:)` and the tree encoder
/// write them (`JSONStreamTests` compares the two).
extension FeedCommands.FeedJSON: JSONStreamWritable {
    func write(to stream: inout JSONStream) {
        stream.openObject()
        stream.key("account")
        stream.string(account)
        stream.key("articles")
        stream.integer(Int64(articles))
        stream.member("folder", ifPresent: folder)
        stream.key("id")
        stream.integer(id)
        stream.key("left_server")
        stream.bool(left_server)
        stream.key("paused")
        stream.bool(paused)
        if let server_settings {
            stream.key("server_settings")
            stream.object(server_settings)
        }
        stream.member("site_url", ifPresent: site_url)
        stream.key("title")
        stream.string(title)
        stream.key("unread")
        stream.integer(Int64(unread))
        stream.key("url")
        stream.string(url)
        stream.closeObject()
    }
}

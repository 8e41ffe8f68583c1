import LectorStore

enum FolderCommands {
    static let all: [CommandSpec] = [list]

    static let list = CommandSpec(
        ["folder", "list"], "list folders with their feed and unread counts",
        options: [OptionSpec.account]
    ) { invocation, session in
        let store = try session.store()
        let account = try session.accountFilter(invocation)
        let folders = try CLIError.catching { try store.folders.list(accountID: account?.id) }
        let showAccount = Set(folders.map(\.accountName)).count > 1
        var table = TextTable((showAccount ? ["ACCOUNT"] : []) + ["FOLDER", "FEEDS", "UNREAD"],
                              flexibleColumn: showAccount ? 1 : 0)
        for listing in folders {
            table.add((showAccount ? [listing.accountName] : [])
                      + [listing.folder.name, String(listing.feedCount), String(listing.unreadCount)])
        }
        let text = folders.isEmpty ? "No folders." : table.render(width: session.terminalWidth)
        return CommandOutput(text: text, json: folders.map(FolderJSON.init))
    }

    struct FolderJSON: Encodable, Sendable {
        let id: Int64
        let account: String
        let name: String
        let feeds: Int
        let unread: Int

        init(_ listing: FolderListing) {
            id = listing.folder.id
            account = listing.accountName
            name = listing.folder.name
            feeds = listing.feedCount
            unread = listing.unreadCount
        }
    }
}

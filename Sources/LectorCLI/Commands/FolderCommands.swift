import LectorSettings
import LectorStore
import LectorSync

enum FolderCommands {
    static let all: [CommandSpec] = [list, add, rename, remove]

    static let add = CommandSpec(
        ["folder", "add"], "create a folder",
        discussion: "On a FreshRSS (GReader) account a folder exists on the server only once a feed is in it; until then Lector keeps it locally.",
        arguments: [ArgumentSpec("NAME", "the folder's name")],
        options: [OptionSpec.account]
    ) { invocation, session in
        let store = try session.store()
        let account = try session.accountForNewData(invocation)
        let name = invocation.argument("NAME") ?? ""
        guard !name.trimmingWhitespace.isEmpty else { throw CLIError.usage("the folder name is empty") }
        if try Lookup.existingFolder(named: name, accountID: account.id, in: store) != nil {
            throw CLIError.conflict("'\(account.name)' already has a folder named '\(name)'")
        }
        var note = ""
        var serverID = name
        if account.kind != .local {
            let provider = try FeedEditCommands.editingProvider(account, session)
            serverID = try remote { () throws(SyncError) in try provider.createFolder(named: name) }.serverID
            if !provider.capabilities.foldersCanBeEmpty {
                note = " (kept locally until a feed is moved into it: the server has no empty folders)"
            }
        }
        let folder = try CLIError.catching { try store.folders.insert(accountID: account.id, serverID: serverID, name: name) }
        return CommandOutput(text: "Created folder '\(folder.name)'\(note).", json: JSONValue.object(["account": .string(account.name), "folder": .string(folder.name),
                                                                                       "message": .string("Created folder '\(folder.name)'\(note).")]))
    }

    static let rename = CommandSpec(
        ["folder", "rename"], "rename a folder",
        arguments: [ArgumentSpec("FOLDER", "the folder", source: .folders), ArgumentSpec("NAME", "its new name")],
        options: [OptionSpec.account]
    ) { invocation, session in
        let store = try session.store()
        let account = try session.account(invocation)
        let folder = try Lookup.folder(named: invocation.argument("FOLDER") ?? "", accountID: account.id, in: store)
        let name = invocation.argument("NAME") ?? ""
        guard !name.trimmingWhitespace.isEmpty else { throw CLIError.usage("the new name is empty") }
        var serverID: String?
        if account.kind != .local {
            let provider = try FeedEditCommands.editingProvider(account, session)
            let hasFeeds = try CLIError.catching { try store.feeds.list(accountID: account.id, folderID: folder.id).isEmpty == false }
            let current = RemoteFolder(serverID: folder.serverID, name: folder.name)
            // A folder the server has not seen yet (no feeds, no empty folders there) is renamed
            // here only, under the id the server will give it.
            serverID = try remote { () throws(SyncError) in
                hasFeeds || provider.capabilities.foldersCanBeEmpty
                    ? try provider.renameFolder(current, to: name) : try provider.createFolder(named: name)
            }.serverID
        }
        try CLIError.catching { try store.folders.rename(folder.id, to: name, serverID: serverID) }
        return .message("Renamed folder '\(folder.name)' to '\(name)'.")
    }

    static let remove = CommandSpec(
        ["folder", "remove"], "delete a folder; its feeds stay, unfiled or where the server files them (on Miniflux the server deletes them too)",
        arguments: [ArgumentSpec("FOLDER", "the folder", source: .folders)],
        options: [OptionSpec.account, OptionSpec("yes", short: "y", "do not ask for confirmation")]
    ) { invocation, session in
        let store = try session.store()
        let account = try session.account(invocation)
        let folder = try Lookup.folder(named: invocation.argument("FOLDER") ?? "", accountID: account.id, in: store)
        let feeds = try CLIError.catching { try store.feeds.list(accountID: account.id, folderID: folder.id) }
        var provider: (any SyncProvider)?
        if account.kind != .local { provider = try FeedEditCommands.editingProvider(account, session) }
        let deletesFeeds = provider?.capabilities.deletingFolderDeletesFeeds == true && !feeds.isEmpty
        let consequence = deletesFeeds ? "the server deletes its \(feeds.count) feed(s) with it" : "its \(feeds.count) feed(s) stay, unfiled"
        if !invocation.flag("yes") && (deletesFeeds || Prompter.isInteractive) {
            guard Prompter.isInteractive else {
                throw CLIError.usage("deleting '\(folder.name)' on \(account.kind.rawValue) also deletes its \(feeds.count) feed(s): pass --yes to confirm")
            }
            guard try Prompter.confirm("Delete folder '\(folder.name)'? (\(consequence))") else { return .message("Nothing changed.") }
        }
        if let provider, !feeds.isEmpty || provider.capabilities.foldersCanBeEmpty {
            try remote { () throws(SyncError) in try provider.deleteFolder(RemoteFolder(serverID: folder.serverID, name: folder.name)) }
        }
        try CLIError.catching {
            try store.database.write {
                if deletesFeeds { for listing in feeds { try store.feeds.remove(listing.feed.id) } }
                try store.folders.remove(folder.id)
            }
        }
        // The server decides where the feeds went (FreshRSS: its default category); ask it now
        // rather than at the next sync. The delete itself is done either way.
        var outcome = consequence
        if let provider, let moved = feeds.first?.feed, !deletesFeeds,
           (try? SyncEngine(store: store, account: account, provider: provider).refreshStructure()) != nil,
           let refiled = try? LocalStructure.listing(moved.id, store: store).folderName {
            outcome = "the server filed its \(feeds.count) feed(s) in '\(refiled)'"
        }
        return .message("Deleted folder '\(folder.name)': \(outcome).")
    }

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
        let text = folders.isEmpty ? "No folders." : table.render(for: session)
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

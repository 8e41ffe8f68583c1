import LectorSettings
import LectorAccounts
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
        let account = try session.accountForNewData(invocation)
        let name = invocation.argument("NAME") ?? ""
        guard !name.trimmingWhitespace.isEmpty else { throw CLIError.usage("the folder name is empty") }
        let placement = try session.accounts { (manager) throws(AccountsError) in try manager.createFolder(named: name, in: account) }
        let note = placement.keptLocally ? " (kept locally until a feed is moved into it: the server has no empty folders)" : ""
        let message = "Created folder '\(placement.folder.name)'\(note)\(placement.change.note)."
        return CommandOutput(text: message, json: JSONValue.object(["account": .string(account.name), "folder": .string(placement.folder.name),
                                                                    "message": .string(message)]))
    }

    static let rename = CommandSpec(
        ["folder", "rename"], "rename a folder",
        arguments: [ArgumentSpec("FOLDER", "the folder", source: .folders), ArgumentSpec("NAME", "its new name")],
        options: [OptionSpec.account]
    ) { invocation, session in
        let (account, folder) = try Lookup.folderAndAccount(invocation.argument("FOLDER") ?? "", invocation, session)
        let name = invocation.argument("NAME") ?? ""
        guard !name.trimmingWhitespace.isEmpty else { throw CLIError.usage("the new name is empty") }
        let change = try session.accounts { (manager) throws(AccountsError) in try manager.renameFolder(folder, to: name, in: account) }
        return .message("Renamed folder '\(folder.name)' to '\(name)'\(change.note).")
    }

    static let remove = CommandSpec(
        ["folder", "remove"], "delete a folder; its feeds stay, unfiled or where the server files them (on Miniflux the server deletes them too)",
        arguments: [ArgumentSpec("FOLDER", "the folder", source: .folders)],
        options: [OptionSpec.account, OptionSpec("yes", short: "y", "do not ask for confirmation")]
    ) { invocation, session in
        let store = try session.store()
        let (account, folder) = try Lookup.folderAndAccount(invocation.argument("FOLDER") ?? "", invocation, session)
        let feeds = try CLIError.catching { try store.feeds.list(accountID: account.id, folderID: folder.id) }
        let deletesFeeds = try session.accounts { (manager) throws(AccountsError) in try manager.folderDeletionDeletesFeeds(in: account) } && !feeds.isEmpty
        let consequence = deletesFeeds ? "the server deletes its \(feeds.count) feed(s) with it" : "its \(feeds.count) feed(s) stay, unfiled"
        // An empty folder loses nothing: no question.
        if !invocation.flag("yes") && !feeds.isEmpty && (deletesFeeds || Prompter.isInteractive) {
            guard Prompter.isInteractive else {
                throw CLIError.usage("deleting '\(folder.name)' on \(account.kind.rawValue) also deletes its \(feeds.count) feed(s): pass --yes to confirm")
            }
            guard try Prompter.confirm("Delete folder '\(folder.name)'? (\(consequence))") else { return .message("Nothing changed.") }
        }
        let deletion = try session.accounts { (manager) throws(AccountsError) in try manager.deleteFolder(folder, in: account) }
        let outcome = deletion.refiledIn.map { "the server filed its \(deletion.feedCount) feed(s) in '\($0)'" } ?? consequence
        return .message("Deleted folder '\(folder.name)': \(outcome)\(deletion.change.note).")
    }

    static let list = CommandSpec(
        ["folder", "list"], "list folders with their feed and unread counts",
        options: [OptionSpec.account]
    ) { invocation, session in
        let store = try session.store()
        let account = try session.accountFilter(invocation)
        let folders = try CLIError.catching { try store.folders.list(accountID: account?.id) }
        if session.tablesArePlain {
            return CommandOutput(text: PlainColumns.folderList.render(folders.map { listing in
                [listing.accountName, listing.folder.name, String(listing.feedCount), String(listing.unreadCount)]
            }), json: folders.map(FolderJSON.init))
        }
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

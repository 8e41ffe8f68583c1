import FoundationEssentials
import LectorBasics
import LectorStore
import LectorSync

/// The folder verbs: on the server first where the service has folders of its own (GReader and
/// Feedbin have none without a feed in them, so an empty one is kept here until then).
extension AccountAdministrator {
    /// Creates a folder. `keptLocally`: the service has no empty folders (GReader, Feedbin), so
    /// it exists only here until a feed is moved into it.
    @discardableResult
    public func createFolder(named name: String) throws(AdministrationError) -> FolderPlacement {
        guard !name.trimmingBlanks.isEmpty else { throw .emptyName(what: "folder name") }
        try requireEditing("create folders")
        if try existingFolder(named: name) != nil { throw .folderExists(name: name, account: account.name) }
        guard let created = try change({ () throws(SyncError) in try provider.createFolder(named: name) },
                                       isDone: { try existingFolder(named: name) != nil }) else {
            guard let existing = try existingFolder(named: name) else { throw .folderExists(name: name, account: account.name) }
            return FolderPlacement(folder: existing, created: false, keptLocally: false, change: .alreadyMade)
        }
        let folder = try storing { try store.folders.insert(accountID: account.id, serverID: created.serverID, name: name) }
        return FolderPlacement(folder: folder, created: true, keptLocally: !provider.capabilities.foldersCanBeEmpty)
    }

    @discardableResult
    public func renameFolder(_ folder: Folder, to name: String) throws(AdministrationError) -> ServerChange {
        guard !name.trimmingBlanks.isEmpty else { throw .emptyName(what: "new name") }
        try requireEditing("rename folders")
        let hasFeeds = try storing { try !store.feeds.list(accountID: account.id, folderID: folder.id).isEmpty }
        let current = RemoteFolder(serverID: folder.serverID, name: folder.name)
        // A folder the server has not seen yet (no feeds, no empty folders there) is renamed
        // here only, under the id the server will give it.
        let renamed = try change({ () throws(SyncError) in
            hasFeeds || provider.capabilities.foldersCanBeEmpty
                ? try provider.renameFolder(current, to: name) : try provider.createFolder(named: name)
        }, isDone: {
            // The new name is there and the old one gone (unless only its case changes).
            try existingFolder(named: name)?.name == name
                && (folder.name.equalsIgnoringCase(name) || existingFolder(named: folder.name) == nil)
        })
        guard let renamed else { return .alreadyMade }
        try storing { try store.folders.rename(folder.id, to: name, serverID: renamed.serverID) }
        return .made
    }

    /// Deletes a folder. Its feeds stay, unfiled or where the server files them, except where
    /// the service deletes them with it (`deletingFolderDeletesFeeds`).
    @discardableResult
    public func deleteFolder(_ folder: Folder) throws(AdministrationError) -> FolderDeletion {
        try requireEditing("delete folders")
        let feeds = try storing { try store.feeds.list(accountID: account.id, folderID: folder.id) }
        let deletesFeeds = deletingFolderDeletesFeeds && !feeds.isEmpty
        var outcome = ServerChange.made
        if !feeds.isEmpty || provider.capabilities.foldersCanBeEmpty {
            if try change({ () throws(SyncError) in try provider.deleteFolder(RemoteFolder(serverID: folder.serverID, name: folder.name)) },
                          isDone: { try !store.folders.list(accountID: account.id).contains { $0.folder.id == folder.id } }) == nil {
                outcome = .alreadyMade
            }
        }
        let holders = deletesFeeds ? withSecrets(feeds.map(\.feed)) : []
        try storing {
            try store.write { db in
                if deletesFeeds { for listing in feeds { try db.feeds.remove(listing.feed.id) } }
                try db.folders.remove(folder.id)
            }
        }
        // The server decides where the feeds went (FreshRSS: its default category); ask it now
        // rather than at the next sync. The delete itself is done either way.
        var refiledIn: String?
        if let moved = feeds.first?.feed, !deletesFeeds, (try? provider.refreshStructure(of: account, in: store)) != nil {
            refiledIn = try? store.feeds.list(accountID: account.id).first { $0.feed.id == moved.id }?.folderName
        }
        forgetSecrets(holders)
        return FolderDeletion(feedCount: feeds.count, deletedFeeds: deletesFeeds, refiledIn: refiledIn, change: outcome)
    }

    /// The folder of that name (case-insensitive), if the account has one.
    public func existingFolder(named name: String) throws(AdministrationError) -> Folder? {
        try storing {
            try store.folders.list(accountID: account.id).first { $0.folder.name.equalsIgnoringCase(name) }?.folder
        }
    }
}

/// The folder a feed was filed in or a folder made: `created` when it is new.
public struct FolderPlacement: Sendable, Equatable {
    public var folder: Folder
    public var created: Bool
    /// The service has no empty folders: this one exists only locally until a feed is in it.
    public var keptLocally: Bool
    /// The server had the feed there (or the folder) already: a retry after a lost answer.
    public var change: ServerChange = .made
}

/// What deleting a folder did to its feeds.
public struct FolderDeletion: Sendable, Equatable {
    public var feedCount: Int
    /// The server deleted them with the folder (Miniflux).
    public var deletedFeeds: Bool
    /// Where the server filed them instead, when it says (FreshRSS: its default category).
    public var refiledIn: String?
    /// The server had deleted the folder already: a retry after a lost answer.
    public var change: ServerChange

    public init(feedCount: Int, deletedFeeds: Bool, refiledIn: String?, change: ServerChange = .made) {
        self.feedCount = feedCount
        self.deletedFeeds = deletedFeeds
        self.refiledIn = refiledIn
        self.change = change
    }
}

import LectorStore

/// The feed and folder pane of `lector browse`: "All", then each folder with its feeds beneath
/// it and the feeds in no folder, each with its unread count right-aligned; grouped under each
/// account's name when the view spans accounts. Enter on an entry narrows the list to it. The
/// counts are the feeds' counters (kept by the store's triggers), read again for every frame,
/// so a mark made in the list shows in them at once.
struct FeedPane {
    /// What an entry narrows the list to.
    enum Scope: Equatable {
        case all
        case account(Int64)
        case folder(Int64, account: Int64)
        case feed(Int64, account: Int64)
    }

    struct Entry: Equatable {
        let scope: Scope
        let name: String
        /// How far the name is indented: a feed in a folder is one step in, under an account one more.
        let depth: Int
        let unread: Int
    }

    /// The account the pane is of (the view's `--account`), or nil for every account.
    let accountID: Int64?
    /// Account names as headings (the view's ACCOUNT column, chosen once for the view).
    let byAccount: Bool
    /// Folders with their feeds beneath (`list.show-folders`); off, one flat list of feeds.
    let showFolders: Bool
    /// Unread counts shown (`list.show-unread-count`).
    let showCounts: Bool
    private(set) var entries: [Entry] = []
    /// The highlighted entry's index.
    private(set) var highlight = 0
    /// The first entry shown.
    private var top = 0

    init(accountID: Int64?, byAccount: Bool, showFolders: Bool, showCounts: Bool) {
        self.accountID = accountID
        self.byAccount = byAccount
        self.showFolders = showFolders
        self.showCounts = showCounts
    }

    /// Reads the feeds, folders and their counts again; the highlight stays on the same entry.
    mutating func load(_ store: Store) throws(StoreError) {
        let kept = entries.indices.contains(highlight) ? entries[highlight].scope : nil
        let feeds = try store.feeds.list(accountID: accountID)
        let folders = showFolders ? try store.folders.list(accountID: accountID) : []
        var built = [Entry(scope: .all, name: "All", depth: 0, unread: feeds.reduce(0) { $0 + $1.unreadCount })]
        // The accounts in the order their feeds are listed (by account name).
        var accounts: [(id: Int64, name: String)] = []
        for listing in feeds where !accounts.contains(where: { $0.id == listing.feed.accountID }) {
            accounts.append((listing.feed.accountID, listing.accountName))
        }
        let feedsByFolder = Dictionary(grouping: feeds.filter { showFolders && $0.feed.folderID != nil }) { $0.feed.folderID ?? 0 }
        for account in byAccount ? accounts.map(Optional.some) : [nil] {
            let depth = account == nil ? 0 : 1
            let ownFeeds = feeds.filter { account == nil || $0.feed.accountID == account?.id }
            if let account {
                built.append(Entry(scope: .account(account.id), name: account.name, depth: 0,
                                   unread: ownFeeds.reduce(0) { $0 + $1.unreadCount }))
            }
            for folder in folders where account == nil || folder.folder.accountID == account?.id {
                built.append(Entry(scope: .folder(folder.folder.id, account: folder.folder.accountID), name: folder.folder.name,
                                   depth: depth, unread: folder.unreadCount))
                for listing in feedsByFolder[folder.folder.id] ?? [] {
                    built.append(Self.entry(listing, depth: depth + 1))
                }
            }
            for listing in ownFeeds where !showFolders || listing.feed.folderID == nil {
                built.append(Self.entry(listing, depth: depth))
            }
        }
        entries = built
        highlight = kept.flatMap { scope in entries.firstIndex { $0.scope == scope } } ?? min(highlight, entries.count - 1)
    }

    private static func entry(_ listing: FeedListing, depth: Int) -> Entry {
        Entry(scope: .feed(listing.feed.id, account: listing.feed.accountID), name: listing.feed.title, depth: depth,
              unread: listing.unreadCount)
    }

    var highlighted: Entry? { entries.indices.contains(highlight) ? entries[highlight] : nil }

    /// Moves the highlight by `offset` entries, kept within the list.
    mutating func move(by offset: Int) {
        highlight = max(0, min(highlight + offset, entries.count - 1))
    }

    /// Moves the highlight to the next (or previous) entry with unread articles; false when none.
    mutating func moveToUnread(forward: Bool) -> Bool {
        let candidates = forward ? Array(entries.indices.dropFirst(highlight + 1)) : entries.indices.prefix(highlight).reversed()
        guard let found = candidates.first(where: { entries[$0].unread > 0 && entries[$0].scope != .all }) else { return false }
        highlight = found
        return true
    }

    /// The entry whose scope is `scope`, highlighted (the list's scope when the pane opens).
    mutating func highlight(_ scope: Scope) {
        if let index = entries.firstIndex(where: { $0.scope == scope }) { highlight = index }
    }

    /// `height` lines of `width` cells: a heading, then the entries from the one at the top, the
    /// highlighted one marked with `>` (its line index returned), the top moved so it is shown.
    mutating func lines(width: Int, height: Int) -> (lines: [String], highlighted: Int?) {
        var lines = [BrowseFrame.padded("Feeds and folders", to: width)]
        let shown = max(1, height - 1)
        top = min(top, highlight)
        if highlight >= top + shown { top = highlight - shown + 1 }
        top = max(0, min(top, max(0, entries.count - shown)))
        var marked: Int?
        for index in entries.indices.dropFirst(top).prefix(shown) {
            let entry = entries[index]
            if index == highlight { marked = lines.count }
            lines.append(line(entry, selected: index == highlight, width: width))
        }
        return (lines, marked)
    }

    /// "> ▸ Folder name        12": the marker, the indented name (through the sanitiser, cut to
    /// fit) and the count at the right edge.
    private func line(_ entry: Entry, selected: Bool, width: Int) -> String {
        let count = showCounts ? String(entry.unread) : ""
        let indent = String(repeating: "  ", count: entry.depth)
        let kind: String = switch entry.scope {
        case .all, .feed: ""
        case .account: "■ "
        case .folder: "▸ "
        }
        let nameCells = max(1, width - 2 - count.count - 1)
        let name = BrowseFrame.padded(BrowseFrame.line(indent + kind + entry.name, columns: nameCells), to: nameCells)
        return BrowseFrame.padded((selected ? "> " : "  ") + name + " " + count, to: width)
    }
}

import Foundation
import Synchronization

/// The in-memory data behind an emulated sync server; thread-safe; one store can back
/// several emulators (FreshRSS serves GReader and Fever from the same data).
public final class FeedStore: Sendable {
    struct State {
        // Any change to what a selection depends on forgets the remembered selections.
        var folders: [EmulatedFolder] { didSet { version &+= 1 } }
        var feeds: [EmulatedFeed] = [] { didSet { version &+= 1 } }
        /// In id order (see `insert`).
        var items: [EmulatedItem] = [] { didSet { version &+= 1 } }
        var version = 0
        var selectionsVersion = -1
        var selections: [String: [Int]] = [:]
        var catalog: [RemoteFeed] = []
        /// Web pages the server can fetch that are not feeds (for Miniflux's discovery).
        var pages: Set<String> = []
        var favicons: [Int: (mimeType: String, data: Data)] = [:]
        /// What the server's own fetcher reports per feed id (Miniflux: parsing_error_*).
        var feedErrors: [Int: (message: String, count: Int)] = [:]
        var nextFolderID = 2
        var nextFeedID = 1
        var lastItemID: Int64 = 0
        /// Entries imported with an `external_id` (Miniflux), by "feed id NUL external id".
        var externalIDs: [String: Int64] = [:]
        /// The user's own settings (Miniflux: `block_filter_entry_rules`, `keep_filter_entry_rules`).
        var userSettings: [String: String] = [:]
    }

    private let state: Mutex<State>

    /// The id of the folder that always exists (FreshRSS "Uncategorized").
    public let defaultFolderID = 1

    /// Creates a store holding only the default folder.
    public init(defaultFolderName: String = "Uncategorized") {
        state = Mutex(State(folders: [EmulatedFolder(id: 1, name: defaultFolderName)]))
    }

    /// Runs `body` with exclusive access to the state.
    func withState<T: Sendable, E: Error>(_ body: (inout State) throws(E) -> T) throws(E) -> T {
        try state.withLock { (state) throws(E) -> T in try body(&state) }
    }

    /// All folders, default first.
    public var folders: [EmulatedFolder] { withState { $0.folders } }
    /// All feeds in id order.
    public var feeds: [EmulatedFeed] { withState { $0.feeds } }
    /// All items in id order.
    public var items: [EmulatedItem] { withState { $0.items } }

    /// The folder called `name`, created if missing; returns its id.
    @discardableResult
    public func addFolder(_ name: String) -> Int {
        withState { Self.folder(named: name, in: &$0) }
    }

    /// Subscribes a feed in `folder` (default folder when nil); returns the feed id.
    @discardableResult
    public func addFeed(title: String, feedURL: String, siteURL: String = "", folder: String? = nil,
                        lastUpdated: Int64 = Int64(Date().timeIntervalSince1970)) -> Int {
        withState { state in
            let folderID = folder.map { Self.folder(named: $0, in: &state) } ?? defaultFolderID
            return Self.insertFeed(title: title, feedURL: feedURL, siteURL: siteURL, folderID: folderID,
                                   lastUpdated: lastUpdated, in: &state)
        }
    }

    /// Adds an entry to `feed`; its id is `id`, or the current time in µs (always increasing).
    @discardableResult
    public func addItem(id: Int64? = nil, feed: Int, title: String, url: String, content: String = "", author: String? = nil,
                        published: Int64 = Int64(Date().timeIntervalSince1970), read: Bool = false,
                        starred: Bool = false, labels: [String] = [], enclosures: [EmulatedEnclosure] = []) -> Int64 {
        withState { state in
            let id = id ?? Self.nextItemID(&state)
            state.lastItemID = max(state.lastItemID, id)
            state.insert(EmulatedItem(id: id, feedID: feed, title: title, url: url, author: author, content: content,
                                            published: published, read: read, starred: starred, labels: labels,
                                            enclosures: enclosures))
            return id
        }
    }

    /// Gives `feed` a downloaded icon (Fever lists only feeds that have one).
    public func setFavicon(feed: Int, mimeType: String, data: Data) {
        withState { $0.favicons[feed] = (mimeType, data) }
    }

    /// Makes the server report that its own fetches of `feed` failed `count` times in a row
    /// (Miniflux's parsing_error_count and parsing_error_message); count 0 clears it.
    public func setFeedError(feed: Int, message: String, count: Int) {
        withState { $0.feedErrors[feed] = count > 0 ? (message, count) : nil }
    }

    /// Makes `feed` fetchable by URL for quickadd / subscribe / POST feeds.
    public func addRemoteFeed(_ feed: RemoteFeed) {
        withState { $0.catalog.append(feed) }
    }

    static func folder(named name: String, in state: inout State) -> Int {
        if let existing = state.folders.first(where: { $0.name == name }) { return existing.id }
        let id = state.nextFolderID
        state.nextFolderID += 1
        state.folders.append(EmulatedFolder(id: id, name: name))
        return id
    }

    static func insertFeed(title: String, feedURL: String, siteURL: String, folderID: Int, lastUpdated: Int64,
                           in state: inout State) -> Int {
        let id = state.nextFeedID
        state.nextFeedID += 1
        state.feeds.append(EmulatedFeed(id: id, title: title, feedURL: feedURL, siteURL: siteURL, folderID: folderID,
                                        lastUpdated: lastUpdated))
        return id
    }

    static func nextItemID(_ state: inout State) -> Int64 {
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        state.lastItemID = max(state.lastItemID + 1, now)
        return state.lastItemID
    }

    /// Subscribes a catalog feed found by feed or site URL, storing the entries `admits` lets
    /// through (a server's own entry filters); returns the new feed id, or nil.
    static func subscribe(_ url: String, title: String?, folderID: Int, in state: inout State,
                          admits: (EmulatedFeed, RemoteEntry) -> Bool = { _, _ in true }) -> Int? {
        guard let remote = remote(url, in: state) else { return nil }
        let id = insertFeed(title: title ?? remote.title, feedURL: remote.feedURL, siteURL: remote.siteURL,
                            folderID: folderID, lastUpdated: Int64(Date().timeIntervalSince1970), in: &state)
        guard let feed = state.feeds.first(where: { $0.id == id }) else { return id }
        for entry in remote.entries where admits(feed, entry) {
            let itemID = entry.id ?? nextItemID(&state)
            state.lastItemID = max(state.lastItemID, itemID)
            state.insert(EmulatedItem(id: itemID, feedID: id, title: entry.title, url: entry.url,
                                            author: entry.author, content: entry.content, published: entry.published,
                                            read: false, starred: false, labels: [], enclosures: entry.enclosures))
        }
        return id
    }

    /// The catalog entry for a feed or site URL.
    static func remote(_ url: String, in state: State) -> RemoteFeed? {
        state.catalog.first { $0.feedURL == url } ?? state.catalog.first { !$0.siteURL.isEmpty && $0.siteURL == url }
    }
}

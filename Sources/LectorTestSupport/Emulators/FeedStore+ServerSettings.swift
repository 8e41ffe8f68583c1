import Foundation

/// What a server keeps per feed beyond its title, address and folder, and its own fetching.
extension FeedStore {
    /// Sets one of `feed`'s server settings (see `EmulatedFeed.settings`); nil removes it.
    public func setFeedSetting(feed: Int, _ name: String, _ value: JSONValue?) {
        withState { state in
            guard let index = state.feeds.firstIndex(where: { $0.id == feed }) else { return }
            state.feeds[index].settings[name] = value
        }
    }

    /// Mutes `feed` as FreshRSS's web interface does (none of its APIs can).
    public func mute(feed: Int, _ on: Bool = true) {
        withState { state in
            guard let index = state.feeds.firstIndex(where: { $0.id == feed }) else { return }
            state.feeds[index].muted = on
        }
    }

    /// Makes `url` a web page the server can fetch that is not a feed.
    public func addRemotePage(_ url: String) {
        withState { _ = $0.pages.insert(url) }
    }

    /// Takes a feed off the web: the server's next fetch of it answers 404.
    public func removeRemoteFeed(_ feedURL: String) {
        withState { $0.catalog.removeAll { $0.feedURL == feedURL } }
    }

    /// Publishes one more entry in the catalog feed at `feedURL`, for the server's next fetch.
    public func publish(_ entry: RemoteEntry, inFeedAt feedURL: String) {
        withState { state in
            guard let index = state.catalog.firstIndex(where: { $0.feedURL == feedURL }) else { return }
            state.catalog[index].entries.append(entry)
        }
    }

    /// The server fetches the feed now: entries of its catalog document it does not hold yet are
    /// stored — those `admits` lets through (a server's own entry filters) —, and its refresh time
    /// moves to now. False when the feed is not on the web (404).
    static func fetch(feedID: Int, in state: inout State, admits: (EmulatedFeed, RemoteEntry) -> Bool = { _, _ in true }) -> Bool {
        guard let index = state.feeds.firstIndex(where: { $0.id == feedID }) else { return false }
        let url = state.feeds[index].feedURL
        guard let remote = state.catalog.first(where: { $0.feedURL == url }) else { return false }
        let held = Set(state.items.filter { $0.feedID == feedID }.map(\.url))
        for entry in remote.entries where !held.contains(entry.url) && admits(state.feeds[index], entry) {
            let itemID = entry.id ?? nextItemID(&state)
            state.lastItemID = max(state.lastItemID, itemID)
            state.insert(EmulatedItem(id: itemID, feedID: feedID, title: entry.title, url: entry.url, author: entry.author,
                                      content: entry.content, published: entry.published, read: false, starred: false,
                                      labels: [], enclosures: entry.enclosures))
        }
        state.feeds[index].lastUpdated = Int64(Date().timeIntervalSince1970)
        return true
    }
}

extension FeedStore {
    /// Changes an item's state as another client of the server would (nil leaves a flag, or the
    /// labels, alone); false when there is no such item.
    @discardableResult
    public func changeItemAsAnotherClient(_ id: Int64, read: Bool? = nil, starred: Bool? = nil, labels: [String]? = nil) -> Bool {
        withState { state in
            guard let index = state.position(of: id) else { return false }
            if let read { state.items[index].read = read }
            if let starred { state.items[index].starred = starred }
            if let labels { state.items[index].labels = labels }
            return true
        }
    }
}

extension FeedStore {
    /// Unsubscribes the feed as another client of the server would (FreshRSS's and Miniflux's
    /// web pages): the feed goes from every list, with its items (both servers delete a feed's
    /// entries with it, starred ones included); false when there is no such feed.
    @discardableResult
    public func unsubscribeAsAnotherClient(feed: Int) -> Bool {
        withState { state in
            guard state.feeds.contains(where: { $0.id == feed }) else { return false }
            state.feeds.removeAll { $0.id == feed }
            state.items.removeAll { $0.feedID == feed }
            return true
        }
    }
}

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

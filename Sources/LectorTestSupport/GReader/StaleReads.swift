import Foundation

extension FeedStore {
    /// A detached copy of everything this store holds now: what a lagging replica or cache
    /// would still be serving a moment later.
    public func snapshot() -> FeedStore {
        let copy = FeedStore()
        let current = withState { $0 }
        copy.withState { $0 = current }
        return copy
    }
}

/// A frozen copy of the data that reads are answered from while writes still reach the live
/// store: a "stale snapshot" that does not yet include a change just pushed.
final class StaleReads: @unchecked Sendable {
    private let lock = NSLock()
    private var frozen: FeedStore?

    func freeze(_ store: FeedStore) { lock.withLock { frozen = store.snapshot() } }
    func thaw() { lock.withLock { frozen = nil } }

    /// The store reads come from: the frozen copy when there is one.
    func store(or live: FeedStore) -> FeedStore { lock.withLock { frozen } ?? live }
}

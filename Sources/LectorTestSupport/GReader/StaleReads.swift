import Foundation
import Synchronization

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
final class StaleReads: Sendable {
    private let frozen = Mutex<FeedStore?>(nil)

    func freeze(_ store: FeedStore) { frozen.withLock { $0 = store.snapshot() } }
    func thaw() { frozen.withLock { $0 = nil } }

    /// The store reads come from: the frozen copy when there is one.
    func store(or live: FeedStore) -> FeedStore { frozen.withLock { $0 } ?? live }
}

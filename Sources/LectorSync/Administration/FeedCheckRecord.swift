import FoundationEssentials
import LectorBasics
import LectorStore

/// What earlier checks of a feed found, kept in the store's app metadata (one key per feed) so
/// that "gone" can mean "404 over several checks", "failing since" has a date, and a check
/// inside the fetch floor reuses the last probe instead of asking the server again.
struct FeedCheckRecord: Codable, Equatable {
    /// The address checked: a record of another address (the feed moved since) does not count.
    var url: String
    var checkedAt: Double
    var failures: Int
    var firstFailureAt: Double?
    var lastSuccessAt: Double?
    var probe: FeedProbe

    static func key(_ feedID: Int64) -> String { "feed-check.\(feedID)" }

    static func load(_ feed: Feed, store: Store) -> FeedCheckRecord? {
        // A record is only the memory of earlier checks: one that cannot be read or decoded (a
        // store error, an older shape) is taken as none, and this check starts the count afresh.
        guard let text = try? store.meta.value(key(feed.id)),
              let record = try? JSONDecoder().decode(FeedCheckRecord.self, from: Data(text.utf8)), record.url == feed.url else { return nil }
        return record
    }

    func save(_ feedID: Int64, store: Store) throws(StoreError) {
        // Encoding a struct of numbers and strings cannot fail; nothing to report if it did.
        guard let data = try? JSONEncoder().encode(self) else { return }
        try store.meta.set(Self.key(feedID), String(decoding: data, as: UTF8.self))
    }

    /// The record after a new probe at `now`.
    static func next(after previous: FeedCheckRecord?, url: String, probe: FeedProbe, now: Double) -> FeedCheckRecord {
        let worked = [.feed, .notModified].contains(probe.result)
        let failed = [.gone, .httpError, .unresolvable, .networkError, .unreadable].contains(probe.result)
        return FeedCheckRecord(url: url, checkedAt: now,
                               failures: failed ? (previous?.failures ?? 0) + 1 : 0,
                               firstFailureAt: failed ? (previous?.firstFailureAt ?? now) : nil,
                               lastSuccessAt: worked ? now : previous?.lastSuccessAt,
                               probe: probe)
    }
}

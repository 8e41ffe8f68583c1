import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorStore

/// What earlier checks of a feed found, kept in the store's app metadata (one key per feed) so
/// that "gone" can mean "404 over several checks", "failing since" has a date, and a check
/// while a server's Retry-After holds reuses the last probe instead of asking it again.
struct FeedCheckRecord: Codable, Equatable {
    /// The address checked: a record of another address (the feed moved since) does not count.
    var url: String
    var checkedAt: Double
    var failures: Int
    var firstFailureAt: Double?
    var lastSuccessAt: Double?
    /// When the last failure was counted: failures count at most once per fetch floor, so
    /// checks asked for a minute apart do not make a feed "gone".
    var countedAt: Double?
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

    /// Keeps what a sync's fetch met that `feed check` reports — a permanent redirect, a web page
    /// instead of the feed — as the feed's latest check, so the check shows it.
    static func note(_ fetched: FetchState, of feed: Feed, store: Store, now: Double) throws(StoreError) {
        guard fetched.movedTo != nil || fetched.pageCandidates != nil else { return }
        let probe = FeedProbe(result: fetched.pageCandidates == nil ? .feed : .page, status: nil, movedTo: fetched.movedTo, newest: nil,
                              candidates: fetched.pageCandidates ?? [], message: nil, retryAfter: nil, requests: 0)
        try next(after: load(feed, store: store), url: feed.url, probe: probe, now: now).save(feed.id, store: store)
    }

    /// The record after a new probe at `now`.
    static func next(after previous: FeedCheckRecord?, url: String, probe: FeedProbe, now: Double) -> FeedCheckRecord {
        let worked = [.feed, .notModified].contains(probe.result)
        let failed = [.gone, .removed, .httpError, .unresolvable, .networkError, .unreadable].contains(probe.result)
        let counts = failed && (previous?.countedAt.map { now - $0 >= FetchPolicy.floor } ?? true)
        let failures = previous?.failures ?? 0
        return FeedCheckRecord(url: url, checkedAt: now,
                               failures: failed ? (counts ? failures + 1 : max(failures, 1)) : 0,
                               firstFailureAt: failed ? (previous?.firstFailureAt ?? now) : nil,
                               lastSuccessAt: worked ? now : previous?.lastSuccessAt,
                               countedAt: counts ? now : (failed ? previous?.countedAt : nil),
                               probe: probe)
    }
}

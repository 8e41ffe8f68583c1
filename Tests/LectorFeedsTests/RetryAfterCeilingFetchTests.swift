import Foundation
import Testing
import LectorHTTP
import LectorTestSupport
@testable import LectorFeeds

@Suite("Retry-After has a ceiling")
struct RetryAfterCeilingFetchTests {
    @Test("Retry-After: 99999999 defers the feed by 24 hours, not three years, and an automatic run then reports a deferral")
    func hugeRetryAfterIsCapped() throws {
        let server = try LoopbackServer { _ in .text("slow down", status: 429, headers: [("Retry-After", "99999999")]) }
        let fetcher = FeedFetcher(http: HTTPClient())
        let now = Date()
        let result = fetcher.fetch(server.url("/feed"), state: FetchState(), manual: true, now: now)
        let wait = (result.state.nextFetchAt ?? 0) - now.timeIntervalSince1970
        #expect(wait <= 24 * 3_600 + 1, "waits \(wait) s")
        #expect(wait >= 24 * 3_600 - 1, "the ceiling is still honoured in full: \(wait) s")
        let automatic = fetcher.fetch(server.url("/feed"), state: result.state, manual: false, now: now.addingTimeInterval(60))
        guard case .success(.skipped(let until)) = automatic.outcome else {
            Issue.record("an automatic run inside the wait is a deferral, got \(automatic.outcome)")
            return
        }
        #expect(until == result.state.nextFetchAt, "the deferral says when the feed is due")
    }
}

import Foundation
import LectorFeeds
import LectorHTTP
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// A local sync stopped half-way (Ctrl-C cancels every transfer in flight): the feeds it did not
/// reach are untouched — no failure counted, no backoff — so the next automatic sync fetches them.
@Suite("An interrupted local sync")
struct InterruptedLocalSyncTests {
    static let feedCount = 9
    static let answeredAtOnce = 3

    @Test("cancelled fetches count no failure and set no backoff; the report says how many of how many feeds were synced")
    func cancelledFetchesAreNoFailures() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-interrupt-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The feeds past the first few hold their answer until the test lets them go.
        let held = try HeldFeeds(count: Self.feedCount, answeredAtOnce: Self.answeredAtOnce)
        defer { held.stop() }
        let store = try Store(path: directory.appendingPathComponent("lector.sqlite").path)
        let account = try store.accounts.insert(kind: .local, name: "Home")
        var feeds: [Feed] = []
        for number in 0..<Self.feedCount {
            feeds.append(try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "f\(number)", title: "Feed \(number)",
                                                url: held.url(number).absoluteString, siteURL: nil))
        }
        let http = HTTPClient()
        let stored = ArrivalCount()
        nonisolated(unsafe) let sync = LocalFeedSync(store: store, account: account, fetcher: FeedFetcher(http: http),
                                                     progress: { _ in stored.add() })
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<LocalFeedSync.Report, SyncError>?
        Thread {
            do throws(SyncError) { outcome = .success(try sync.run(manual: true)) } catch { outcome = .failure(error) }
            done.signal()
        }.start()
        // Wait until the answered feeds are stored and held fetches are in flight, then cancel them as Ctrl-C does.
        let deadline = Date().addingTimeInterval(10)
        while (stored.count < Self.answeredAtOnce || held.arrived.count < Self.answeredAtOnce + 1) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        http.cancelInFlight()
        let ended = done.wait(timeout: .now() + 10) == .success
        held.release()
        if !ended { done.wait() }
        #expect(ended, "the sync did not end after its transfers were cancelled")

        let report = try #require(try outcome?.get(), "the interrupted sync threw: \(String(describing: outcome))")
        for feed in feeds {
            let meta = try store.fetchMeta.meta(feedID: feed.id)
            #expect(meta.failureCount == 0 && meta.lastError == nil,
                    "\(feed.title) was not reached, yet it has \(meta.failureCount) failure(s): \(meta.lastError ?? "")")
            if let next = meta.nextFetchAt, meta.bodyHash == nil {
                Issue.record("\(feed.title) was never fetched, yet it waits until \(Date(timeIntervalSince1970: next))")
            }
        }
        #expect(report.failures.isEmpty, "cancelled fetches were reported as failures: \(report.failures)")
        #expect(report.interruption == LocalFeedSync.Interruption(synced: Self.answeredAtOnce, of: Self.feedCount),
                "the report should say \(Self.answeredAtOnce) of \(Self.feedCount) feeds were synced: \(report)")
    }
}

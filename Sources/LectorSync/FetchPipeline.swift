import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorStore

/// Fetches, parses and converts feeds on background threads while the caller's thread writes the
/// results to the store in feed order, so the network and the parser overlap with SQLite. At most
/// `window` feeds are fetched ahead of the writer, which keeps memory bounded.
///
/// The window is a counter under the one condition lock, not a DispatchSemaphore: the writer may
/// stop at any point (a store error, a full disk), and libdispatch traps when a semaphore is
/// released with a value below the one it started with — which an early stop leaves behind.
// Unchecked: `outcomes`, `cancelled` and `freeSlots` are guarded by `condition` (a Mutex has no wait).
final class FetchPipeline: @unchecked Sendable {
    /// One feed's fetch, ready to be written.
    struct Outcome: Sendable {
        let result: Result<FetchOutcome, FetchError>
        let state: FetchState
        let articles: [IncomingArticle]
    }

    struct Job: Sendable {
        let url: URL
        let state: FetchState
        let credentials: FeedCredentials?
        /// The feed's own User-Agent, when it has one.
        var userAgent: String?
    }

    private let condition = Lock()
    private var outcomes: [Int: Outcome] = [:]
    private var cancelled = false
    /// Fetches that may start before the writer takes another outcome.
    private var freeSlots: Int

    init(jobs: [Job], fetcher: FeedFetcher, manual: Bool, now: Date, window: Int = 4) {
        freeSlots = max(1, window)
        // Plain threads: each one blocks on its request, which must not starve a shared pool.
        DetachedThread.start(name: "lector.fetch") { [self] in
            for (index, job) in jobs.enumerated() {
                guard waitForSlot() else { return }
                DetachedThread.start(name: "lector.fetch") { [self] in
                    let (result, state) = fetcher.fetch(job.url, state: job.state, credentials: job.credentials, userAgent: job.userAgent,
                                                        manual: manual, now: now)
                    var articles: [IncomingArticle] = []
                    if case .success(.updated(let parsed)) = result { articles = parsed.items.map(LocalFeedSync.article) }
                    condition.lock()
                    // After a cancel nobody takes this outcome: drop it rather than keep its articles.
                    if !cancelled { outcomes[index] = Outcome(result: result, state: state, articles: articles) }
                    condition.broadcast()
                    condition.unlock()
                }
            }
        }
    }

    /// Blocks until a fetch may start; false once the pipeline is cancelled.
    private func waitForSlot() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while freeSlots == 0 && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        freeSlots -= 1
        return true
    }

    /// Stops starting fetches (the writer is done, or gave up) and drops outcomes nobody will
    /// take; fetches under way finish on their own and are discarded. Safe to call more than once.
    func cancel() {
        condition.lock()
        cancelled = true
        outcomes.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for feed `index` and frees its slot for the next fetch.
    func take(_ index: Int) -> Outcome {
        condition.lock()
        defer { condition.unlock() }
        while outcomes[index] == nil { condition.wait() }
        let outcome = outcomes.removeValue(forKey: index)!
        freeSlots += 1
        condition.broadcast()
        return outcome
    }
}

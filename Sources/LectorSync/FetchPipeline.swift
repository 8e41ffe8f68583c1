import Foundation
import LectorFeeds
import LectorStore

/// Fetches, parses and converts feeds on background threads while the caller's thread writes the
/// results to the store in feed order, so the network and the parser overlap with SQLite. At most
/// `window` feeds are fetched ahead of the writer, which keeps memory bounded.
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
    }

    private let condition = NSCondition()
    private var outcomes: [Int: Outcome] = [:]
    private var cancelled = false
    private let slots: DispatchSemaphore
    private let window: Int

    init(jobs: [Job], fetcher: FeedFetcher, manual: Bool, now: Date, window: Int = 4) {
        slots = DispatchSemaphore(value: window)
        self.window = window
        // Plain threads: each one blocks on its request, which must not starve a shared pool.
        Thread { [self] in
            for (index, job) in jobs.enumerated() {
                slots.wait()
                if isCancelled { return }
                Thread { [self] in
                    let (result, state) = fetcher.fetch(job.url, state: job.state, credentials: job.credentials, manual: manual, now: now)
                    var articles: [IncomingArticle] = []
                    if case .success(.updated(let parsed)) = result { articles = parsed.items.map(LocalFeedSync.article) }
                    condition.lock()
                    outcomes[index] = Outcome(result: result, state: state, articles: articles)
                    condition.broadcast()
                    condition.unlock()
                }.start()
            }
        }.start()
    }

    private var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Stops starting fetches (the writer gave up); fetches under way finish on their own.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.unlock()
        for _ in 0..<window { slots.signal() }
    }

    /// Waits for feed `index` and frees its slot for the next fetch.
    func take(_ index: Int) -> Outcome {
        condition.lock()
        while outcomes[index] == nil { condition.wait() }
        let outcome = outcomes.removeValue(forKey: index)!
        condition.unlock()
        slots.signal()
        return outcome
    }
}

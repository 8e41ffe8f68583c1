import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LectorHTTP

/// The URLSession delegate of one summary stream: decodes tokens as they arrive, passes each to
/// `onText`, enforces the body cap, and hands the outcome to the thread blocked in `wait()`.
/// Callbacks arrive on the session's serial delegate queue, so `onText` sees tokens in order.
final class SummaryTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// How much of the body is kept whole: an error body's message, or a server ignoring `stream`.
    private static let maxKeptBodyBytes = 64 * 1024

    private let lock = NSLock()
    private let semaphore = DispatchSemaphore(value: 0)
    private let onText: @Sendable (String) -> Void
    /// The serial queue the session delivers callbacks on (see `release()`).
    private let callbacks: DispatchQueue
    private let maxBodyBytes: Int
    private let apiKey: String?
    private let host: String
    private var decoder: StreamDecoder
    private var status: Int?
    private var receivedBytes = 0
    private var keptBody = Data()
    private var text = ""
    private var sawDone = false
    private var outcome: Result<String, SummaryError>?

    init(provider: SummaryRequest.Provider, host: String, apiKey: String?, maxBodyBytes: Int,
         callbacks: DispatchQueue, onText: @escaping @Sendable (String) -> Void) {
        self.callbacks = callbacks
        self.decoder = StreamDecoder(provider: provider)
        self.host = host
        self.apiKey = apiKey
        self.maxBodyBytes = maxBodyBytes
        self.onText = onText
    }

    /// Blocks until the outcome is known. Uses no concurrency-pool thread, so the CLI may block on it.
    func wait() -> Result<String, SummaryError> {
        semaphore.wait()
        return lock.withLock { outcome! }
    }

    /// Ends the transfer with the error `make` builds from the text so far (no-op once finished).
    /// The waiter is released without waiting for corelibs to report the cancelled task complete.
    func abort(_ task: URLSessionTask, with make: (_ partial: String, _ streaming: Bool) -> SummaryError) {
        let ended: Bool = lock.withLock {
            guard outcome == nil else { return false }
            return finishLocked(.failure(make(text, isStreaming)))
        }
        if ended {
            task.cancel()
            release()
        }
    }

    /// Wakes the waiter after any callback still handing tokens to `onText`: the signal queues
    /// behind them on the callback queue, so no token is printed after `summarize` returns.
    private func release() {
        callbacks.async { [semaphore] in semaphore.signal() }
    }

    private var isStreaming: Bool { status.map { (200..<300).contains($0) } ?? false }

    /// Records the outcome once; true when this call set it (the caller then calls `release()`).
    /// Call with the lock held.
    private func finishLocked(_ result: Result<String, SummaryError>) -> Bool {
        guard outcome == nil else { return false }
        outcome = result
        return true
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        lock.withLock { status = (response as? HTTPURLResponse)?.statusCode }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var finished = false
        let tokens: [String] = lock.withLock {
            // Chunks keep arriving after cancel(); once finished they are dropped.
            guard outcome == nil else { return [] }
            receivedBytes += data.count
            if receivedBytes > maxBodyBytes {
                finished = finishLocked(.failure(.tooLarge(limit: maxBodyBytes)))
                return []
            }
            if keptBody.count < Self.maxKeptBodyBytes { keptBody.append(data.prefix(Self.maxKeptBodyBytes - keptBody.count)) }
            guard isStreaming else { return [] }
            let (tokens, failed) = applyLocked(decoder.feed(data))
            finished = failed
            return tokens
        }
        for token in tokens { onText(token) }
        if finished {
            dataTask.cancel()
            release()
        }
    }

    /// Adds the events' text; returns the new tokens and whether an error event ended the stream.
    private func applyLocked(_ events: [StreamEvent]) -> (tokens: [String], failed: Bool) {
        var tokens: [String] = []
        for event in events {
            switch event {
            case .text(let token):
                text += token
                tokens.append(token)
            case .done:
                sawDone = true
            case .failure(let message):
                let reason = ErrorBody.clean(message, redacting: apiKey)
                let error: SummaryError = text.isEmpty
                    ? .server(status: status ?? 200, message: reason)
                    : .incomplete(partial: text, reason: "the server reported an error: \(reason)")
                return (tokens, finishLocked(.failure(error)))
            }
        }
        return (tokens, false)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        // Never follow: a redirected POST loses its body, and the key must not travel to another host.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        // corelibs raises a challenge for a 401 with WWW-Authenticate and, with no stored
        // credential, never completes the task: the answer is already known, so finish here.
        let finished: Bool = lock.withLock {
            let code = status ?? (challenge.failureResponse as? HTTPURLResponse)?.statusCode ?? 401
            return finishLocked(.failure(code == 401 || code == 403 ? .authentication(status: code)
                                                                    : .server(status: code, message: "")))
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
        if finished { release() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        var finished = false
        let tokens: [String] = lock.withLock {
            guard outcome == nil else { return [] }
            var (tokens, failed) = isStreaming ? applyLocked(decoder.finish()) : ([], false)
            finished = true
            if failed { return tokens }
            if isStreaming && error == nil && !sawDone && text.isEmpty,
               let whole = StreamDecoder.unstreamedText(in: keptBody), !whole.isEmpty {
                // The server ignored `stream: true` and sent one JSON answer: take it whole.
                tokens += applyLocked([.text(whole), .done]).tokens
            }
            _ = finishLocked(result(after: error))
            return tokens
        }
        for token in tokens { onText(token) }
        if finished { release() }
    }

    /// The outcome once the connection has ended (with `error`, or cleanly).
    private func result(after error: (any Error)?) -> Result<String, SummaryError> {
        if sawDone { return .success(text) }
        guard let status else {
            return .failure(.network(NetworkFailure.classify(error, host: host)))
        }
        if status == 401 || status == 403 { return .failure(.authentication(status: status)) }
        guard (200..<300).contains(status) else {
            let message = (300..<400).contains(status)
                ? "it redirects elsewhere; set summary.endpoint to the address it points to"
                : ErrorBody.message(in: keptBody, redacting: apiKey)
            return .failure(.server(status: status, message: message))
        }
        let reason = error.map { NetworkFailure.classify($0, host: host).isTimeout ? "the server stopped sending"
                                                                                   : "the connection was lost" }
            ?? "the stream ended before the server said it was finished"
        return .failure(.incomplete(partial: text, reason: reason))
    }
}

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Receives URLSession callbacks for all tasks of one client and enforces caps and redirect rules.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var transfers: [Int: TransferState] = [:]

    func register(_ state: TransferState, for task: URLSessionTask) {
        lock.withLock { transfers[task.taskIdentifier] = state }
    }

    /// Waits for the task's outcome; returns at once if it already finished.
    func outcome(of task: URLSessionTask) async -> Result<HTTPResponse, HTTPError> {
        await withCheckedContinuation { continuation in
            whenFinished(task) { continuation.resume(returning: $0) }
        }
    }

    /// Calls `handler` once with the task's outcome (at once if it already finished), on
    /// whichever thread finishes it. Needs no concurrency pool, so a thread may block on it.
    func whenFinished(_ task: URLSessionTask, _ handler: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void) {
        let ready: Result<HTTPResponse, HTTPError>? = lock.withLock {
            guard let state = transfers[task.taskIdentifier] else { return .failure(.badResponse(host: "?")) }
            if let outcome = state.outcome { return outcome }
            state.waiter = handler
            return nil
        }
        if let ready { handler(ready) }
    }

    /// Ends `task` with `error` unless it already has an outcome.
    func abort(_ task: URLSessionTask, with error: (TransferState) -> HTTPError) {
        let shouldCancel: Bool = lock.withLock {
            guard let state = transfers[task.taskIdentifier], state.failure == nil, state.outcome == nil else { return false }
            state.failure = error(state)
            return true
        }
        if shouldCancel { task.cancel() }
    }

    func forget(_ task: URLSessionTask) {
        _ = lock.withLock { transfers.removeValue(forKey: task.taskIdentifier) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let tooLarge: Bool = lock.withLock {
            guard let state = transfers[dataTask.taskIdentifier] else { return false }
            state.response = response as? HTTPURLResponse
            return response.expectedContentLength > Int64(state.maxBodyBytes)
        }
        if tooLarge {
            abort(dataTask) { .bodyTooLarge(host: $0.host, limit: $0.maxBodyBytes) }
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow: Bool = lock.withLock {
            // Chunks keep arriving after cancel(); once we failed the task they are dropped.
            guard let state = transfers[dataTask.taskIdentifier], state.failure == nil else { return false }
            if state.body.count + data.count > state.maxBodyBytes { return true }
            state.body.append(data)
            return false
        }
        if overflow { abort(dataTask) { .bodyTooLarge(host: $0.host, limit: $0.maxBodyBytes) } }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let decision: URLRequest? = lock.withLock {
            guard let state = transfers[task.taskIdentifier], state.failure == nil, state.followRedirects else { return nil }
            state.redirects += 1
            if state.redirects > state.maxRedirects {
                state.failure = .tooManyRedirects(host: state.host)
                return nil
            }
            return RedirectPolicy.sanitize(request, original: state.originalURL)
        }
        // Answering nil ends the chain with the 3xx itself; cancelling here crashes corelibs.
        completionHandler(decision)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        // corelibs raises a challenge for every 401 carrying WWW-Authenticate and, with no stored
        // credential, never completes the task. The 401 has fully arrived by now, so finish with it.
        let resume: (@Sendable (Result<HTTPResponse, HTTPError>) -> Void, Result<HTTPResponse, HTTPError>)? = lock.withLock {
            guard let state = transfers[task.taskIdentifier] else { return nil }
            let response = state.response ?? (challenge.failureResponse as? HTTPURLResponse)
            let result = state.failure.map { Result.failure($0) } ?? response.map {
                .success(HTTPResponse(status: $0.statusCode, headers: Self.headers(of: $0), body: state.body,
                                      url: $0.url ?? state.originalURL))
            } ?? .failure(.badResponse(host: state.host))
            guard let waiter = state.finish(result) else { return nil }
            return (waiter, result)
        }
        if let (waiter, result) = resume { waiter(result) }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let resume: (@Sendable (Result<HTTPResponse, HTTPError>) -> Void, Result<HTTPResponse, HTTPError>)? = lock.withLock {
            guard let state = transfers[task.taskIdentifier] else { return nil }
            let result: Result<HTTPResponse, HTTPError>
            if let failure = state.failure {
                result = .failure(failure)
            } else if let error {
                result = .failure(HTTPError.from(error, host: state.host, responded: state.response != nil))
            } else if let response = state.response {
                result = .success(HTTPResponse(
                    status: response.statusCode, headers: Self.headers(of: response), body: state.body,
                    url: response.url ?? task.currentRequest?.url ?? state.originalURL))
            } else {
                result = .failure(.badResponse(host: state.host))
            }
            guard let waiter = state.finish(result) else { return nil }
            return (waiter, result)
        }
        if let (waiter, result) = resume { waiter(result) }
    }

    private static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        let pairs = response.allHeaderFields.compactMap { key, value -> (String, String)? in
            guard let name = key as? String else { return nil }
            return (name, "\(value)")
        }
        return HTTPHeaders(pairs.sorted { $0.0.lowercased() < $1.0.lowercased() })
    }
}

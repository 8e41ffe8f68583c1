import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's one HTTP client: no cache, no cookies, a hard deadline, a body cap, and
/// redirects that never carry credentials to another origin.
public final class HTTPClient: Sendable {
    /// The limits and identity this client applies.
    public let configuration: HTTPClientConfiguration
    private let session: URLSession
    private let delegate: SessionDelegate

    /// Deadlines fire on a queue of their own, which always gets a thread even when the shared
    /// pools are busy or blocked by callers waiting on `sendAndWait`.
    private static let deadlines = DispatchQueue(label: "lector.http.deadlines", attributes: .concurrent)
    /// Kept here because URLSession's operation queue holds its underlying queue unowned.
    private static let callbackQueue = DispatchQueue(label: "lector.http.callbacks")

    /// Creates a client with its own URLSession.
    public init(configuration: HTTPClientConfiguration = HTTPClientConfiguration()) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.urlCache = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.httpCookieStorage = nil
        sessionConfiguration.httpShouldSetCookies = false
        sessionConfiguration.httpCookieAcceptPolicy = .never
        sessionConfiguration.urlCredentialStorage = nil
        sessionConfiguration.timeoutIntervalForRequest = max(1, configuration.idleTimeout.seconds.rounded(.up))
        sessionConfiguration.timeoutIntervalForResource = configuration.deadline.seconds
        let delegate = SessionDelegate()
        self.delegate = delegate
        // Callbacks run on a queue of our own: on the shared pool they waited, up to a second,
        // whenever several callers were blocked in sendAndWait.
        let callbacks = OperationQueue()
        callbacks.underlyingQueue = Self.callbackQueue
        self.session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: callbacks)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Sends `request` and returns whatever status the server answered; throws only when no
    /// complete response arrived (see `HTTPError`).
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        if Task.isCancelled { throw .cancelled(host: request.host) }
        let (task, timer) = try start(request)
        defer {
            timer.cancel()
            HTTPCancellation.forget(ObjectIdentifier(task))
            delegate.forget(task)
        }
        let result = await withTaskCancellationHandler {
            task.resume()
            return await delegate.outcome(of: task)
        } onCancel: { [delegate] in
            delegate.abort(task) { .cancelled(host: $0.host) }
        }
        return try result.get()
    }

    /// Sends `request` and blocks the calling thread until the outcome is known, without using
    /// the concurrency pool (a blocked pool thread could starve the very task it waits for).
    /// For sequential callers — the CLI and the sync engine, which own a single-threaded store.
    public func sendAndWait(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        let (task, timer) = try start(request)
        defer {
            timer.cancel()
            HTTPCancellation.forget(ObjectIdentifier(task))
            delegate.forget(task)
        }
        let outcome = BlockingOutcome()
        delegate.whenFinished(task) { outcome.finish($0) }
        task.resume()
        return try outcome.wait().get()
    }

    /// Creates the task, registers its state and arms our own deadline (the session's resource
    /// timeout is ignored on Linux). The caller resumes the task.
    private func start(_ request: HTTPRequest) throws(HTTPError) -> (URLSessionDataTask, DispatchWorkItem) {
        let urlRequest = try makeURLRequest(request)
        let task = session.dataTask(with: urlRequest)
        delegate.register(TransferState(url: request.url, maxBodyBytes: configuration.maxBodyBytes,
                                        maxRedirects: configuration.maxRedirects,
                                        followRedirects: request.followRedirects), for: task)
        let deadline = request.timeout ?? configuration.deadline
        let timer = DispatchWorkItem { [delegate] in delegate.abort(task) { .timedOut(host: $0.host) } }
        Self.deadlines.asyncAfter(deadline: .now() + deadline.seconds, execute: timer)
        let tracked = HTTPCancellation.track(ObjectIdentifier(task)) { [delegate] in
            delegate.abort(task) { .cancelled(host: $0.host) }
        }
        if !tracked {
            timer.cancel()
            delegate.forget(task)
            throw .cancelled(host: request.host)
        }
        return (task, timer)
    }

    private func makeURLRequest(_ request: HTTPRequest) throws(HTTPError) -> URLRequest {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidURL("only http and https URLs can be fetched")
        }
        guard let host = request.url.host, !host.isEmpty else {
            throw .invalidURL("the URL has no host")
        }
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        // corelibs truncates this to whole seconds, so anything under 1 s would mean "no wait at all".
        urlRequest.timeoutInterval = max(1, configuration.idleTimeout.seconds.rounded(.up))
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.httpShouldHandleCookies = false
        for (name, value) in request.headers {
            urlRequest.addValue(value, forHTTPHeaderField: name)
        }
        if urlRequest.value(forHTTPHeaderField: "User-Agent") == nil {
            urlRequest.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        }
        urlRequest.httpBody = request.body
        return urlRequest
    }
}

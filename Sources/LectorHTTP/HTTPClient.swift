import FoundationEssentials
import LectorBasics
import Dispatch
import Synchronization

/// The app's one HTTP client, over libcurl: no cache, no cookies, connect/idle/overall deadlines,
/// a body cap counted on decoded bytes, and redirects that never carry credentials to another origin.
/// Each client has one transfer thread (started by its first request); connections are reused
/// across the requests of one client.
public final class HTTPClient: Sendable {
    /// The limits and identity this client applies.
    public let configuration: HTTPClientConfiguration
    private let engine: TransferEngine
    /// How host names are resolved for the plain-http rule: getaddrinfo, or a test's own.
    private let resolver: PlainHTTPRule.Resolver

    /// Creates a client; no thread or connection exists until the first request.
    public convenience init(configuration: HTTPClientConfiguration = HTTPClientConfiguration()) {
        self.init(configuration: configuration, resolver: { LoopbackAddress.resolve(host: $0) })
    }

    /// A client whose plain-http rule asks `resolver` instead of getaddrinfo (tests: a name that
    /// resolves where the test says, so the pin is what makes the request arrive).
    package init(configuration: HTTPClientConfiguration = HTTPClientConfiguration(), resolver: @escaping PlainHTTPRule.Resolver) {
        self.configuration = configuration
        self.engine = TransferEngine()
        self.resolver = resolver
    }

    deinit {
        engine.shutdown()
    }

    /// Sends `request` and returns whatever status the server answered; throws only when no
    /// complete response arrived (see `HTTPError`). Cancelling the task ends the request at once.
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let pin = try validate(request)
        if Task.isCancelled { throw .cancelled(host: request.host) }
        let box = TransferBox()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>) in
                let transfer = Transfer(request: request, configuration: configuration, pin: pin, sink: nil) {
                    continuation.resume(returning: $0)
                }
                box.set(transfer)
                engine.submit(transfer)
            }
        } onCancel: { [engine] in
            box.whenSet { engine.cancel($0, with: .cancelled(host: request.host)) }
        }
        return try result.get()
    }

    /// Ends every transfer in flight on this client with `.cancelled`, as `HTTPCancellation.cancelAll()`
    /// does for every client; requests sent afterwards go through. Returns at once.
    public func cancelInFlight() {
        engine.cancelEverything()
    }

    /// Sends `request` and blocks the calling thread until the outcome is known, without using
    /// the concurrency pool. For sequential callers — the CLI and the sync engine.
    /// `HTTPCancellation.cancelAll()` ends it from another thread.
    public func sendAndWait(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        try wait(request, sink: nil)
    }

    /// Like `sendAndWait`, but the final response's body goes to `onChunk` as it arrives instead of
    /// being collected (the returned response has an empty body). `onChunk` runs on the client's
    /// transfer thread, in order, and must not block; returning false stops reading, and the call
    /// then returns the response without an error. The body cap still applies.
    public func streamAndWait(_ request: HTTPRequest,
                              onChunk: @escaping @Sendable (HTTPBodyChunk) -> Bool) throws(HTTPError) -> HTTPResponse {
        try wait(request, sink: onChunk)
    }

    private func wait(_ request: HTTPRequest, sink: (@Sendable (HTTPBodyChunk) -> Bool)?) throws(HTTPError) -> HTTPResponse {
        let pin = try validate(request)
        let outcome = BlockingOutcome()
        engine.submit(Transfer(request: request, configuration: configuration, pin: pin, sink: sink) { outcome.finish($0) })
        return try outcome.wait().get()
    }

    /// Checks `request` before it is queued; returns the addresses it must connect to, if pinned.
    private func validate(_ request: HTTPRequest) throws(HTTPError) -> ConnectionPin? {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidURL("only http and https URLs can be fetched")
        }
        guard let host = request.url.host, !host.isEmpty else {
            throw .invalidURL("the URL has no host")
        }
        if HTTPCancellation.isCancelling { throw .cancelled(host: request.host) }
        if let reason = CurlRuntime.loadFailure { throw .libraryMissing(reason) }
        switch PlainHTTPRule.decide(request, resolve: resolver) {
        case .send: return nil
        case .pin(let pin): return pin
        case .refuse(let error): throw error
        }
    }
}

/// Hands the transfer created inside the continuation to a cancellation handler that may run first.
private final class TransferBox: Sendable {
    private struct State {
        var transfer: Transfer?
        var pending: (@Sendable (Transfer) -> Void)?
    }

    private let state = Mutex(State())

    func set(_ transfer: Transfer) {
        let action = state.withLock { state in
            state.transfer = transfer
            defer { state.pending = nil }
            return state.pending
        }
        action?(transfer)
    }

    func whenSet(_ action: @escaping @Sendable (Transfer) -> Void) {
        let ready: Transfer? = state.withLock {
            if $0.transfer == nil { $0.pending = action }
            return $0.transfer
        }
        if let ready { action(ready) }
    }
}

/// A one-shot result handed from the transfer thread to a blocked caller.
private final class BlockingOutcome: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let result = Mutex<Result<HTTPResponse, HTTPError>?>(nil)

    func finish(_ result: Result<HTTPResponse, HTTPError>) {
        self.result.withLock { $0 = result }
        semaphore.signal()
    }

    func wait() -> Result<HTTPResponse, HTTPError> {
        semaphore.wait()
        // The semaphore orders the write before this read.
        return result.withLock { $0 }!
    }
}

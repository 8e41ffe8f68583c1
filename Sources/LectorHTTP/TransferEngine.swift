import CCurl
import FoundationEssentials
import LectorBasics

/// Runs every transfer of one client on one thread over libcurl's multi interface. The thread sleeps
/// in `curl_multi_poll` until a socket is ready, a deadline is due, or another thread wakes it with
/// `curl_multi_wakeup` to add or cancel a transfer: no CPU while waiting, cancellation at once.
/// Connections stay in the multi handle's cache between requests, so a sync reuses them.
// Unchecked: each field is guarded by `lock` or confined to the engine thread, as marked on it.
final class TransferEngine: @unchecked Sendable {
    private let lock = Lock()
    // Made with the thread by the first submit (libcurl is loaded by then: HTTPClient checks), so
    // a client that never sends loads no libcurl. Written under `lock` before the thread starts.
    private var multiHandle: UnsafeMutableRawPointer?
    // Engine thread only.
    private var multi: UnsafeMutableRawPointer { multiHandle! }
    // Guarded by `lock`.
    private var inbox: [Transfer] = []
    private var cancels: [Transfer] = []
    private var cancelEverythingRequested = false
    private var stopping = false
    private var threadStarted = false
    // Engine thread only.
    private var active: [UnsafeMutableRawPointer: Transfer] = [:]

    init() {}

    deinit {
        // Reached only once the thread (which holds the engine) has ended, or if it never started.
        if let multiHandle { lc_multi_cleanup(multiHandle) }
    }

    private static func makeMulti() -> UnsafeMutableRawPointer? {
        let multi = lc_multi_init()
        // HTTP/2 streams to one host share a connection; plenty of connections for HTTP/1.1 hosts.
        lc_multi_set_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        lc_multi_set_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, 8)
        return multi
    }

    /// Wakes the engine thread, if it has started.
    private func wake() {
        if let multi = lock.withLock({ multiHandle }) { lc_multi_wakeup(multi) }
    }

    /// Queues `transfer`; its completion runs on the engine thread.
    func submit(_ transfer: Transfer) {
        let start: Bool = lock.withLock {
            inbox.append(transfer)
            defer { threadStarted = true }
            if !threadStarted { multiHandle = Self.makeMulti() }
            return !threadStarted
        }
        if start {
            LiveEngines.add(self)
            DetachedThread.start(name: "lector.http") { [self] in run() }
        } else {
            wake()
        }
    }

    /// Ends `transfer` with `error` (a no-op once it has finished).
    func cancel(_ transfer: Transfer, with error: HTTPError) {
        lock.withLock {
            if transfer.requestedFailure == nil { transfer.requestedFailure = error }
            cancels.append(transfer)
        }
        wake()
    }

    /// Ends every transfer in flight with `.cancelled` (see `HTTPCancellation`).
    func cancelEverything() {
        lock.withLock { cancelEverythingRequested = true }
        wake()
    }

    /// Stops the thread once the owning client is gone.
    func shutdown() {
        lock.withLock { stopping = true }
        wake()
    }

    private func run() {
        while true {
            let (added, cancelled, everything, stop) = lock.withLock {
                defer {
                    inbox.removeAll()
                    cancels.removeAll()
                    cancelEverythingRequested = false
                }
                return (inbox.map { ($0, $0.requestedFailure) }, cancels.map { ($0, $0.requestedFailure) },
                        cancelEverythingRequested, stopping)
            }
            for (transfer, failure) in added {
                if let failure { transfer.finish(.failure(failure)) } else { start(transfer, freshConnection: false) }
            }
            for (transfer, failure) in cancelled {
                if let failure, let easy = transfer.easy, active[easy] === transfer { end(transfer, with: failure) }
            }
            if everything || stop || (!active.isEmpty && HTTPCancellation.isCancelling) {
                for transfer in Array(active.values) { end(transfer, with: .cancelled(host: transfer.host)) }
            }
            if stop {
                LiveEngines.remove(self)
                return
            }
            var running: Int32 = 0
            lc_multi_perform(multi, &running)
            collectFinished()
            enforceDeadlines()
            lc_multi_poll(multi, nil, 0, pollTimeout(), nil)
        }
    }

    private func start(_ transfer: Transfer, freshConnection: Bool) {
        if HTTPCancellation.isCancelling {
            transfer.finish(.failure(.cancelled(host: transfer.host)))
            return
        }
        do {
            let easy = try transfer.makeHandle(freshConnection: freshConnection)
            active[easy] = transfer
            lc_multi_add_handle(multi, easy)
        } catch {
            transfer.finish(.failure(error))
        }
    }

    /// Takes the transfer's handle out of the multi handle and finishes it with `error`.
    private func end(_ transfer: Transfer, with error: HTTPError) {
        detach(transfer)
        transfer.finish(.failure(error))
    }

    private func detach(_ transfer: Transfer) {
        guard let easy = transfer.easy else { return }
        lc_multi_remove_handle(multi, easy)
        active[easy] = nil
    }

    private func collectFinished() {
        var left: Int32 = 0
        while let message = lc_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                  let transfer = active[easy] else { continue }
            let code = message.pointee.data.result
            var newConnections = 0
            lc_info_long(easy, CURLINFO_NUM_CONNECTS, &newConnections)
            detach(transfer)
            transfer.releaseHandle()
            hopEnded(transfer, code: code, reusedConnection: newConnections == 0)
        }
    }

    private func hopEnded(_ transfer: Transfer, code: CURLcode, reusedConnection: Bool) {
        if transfer.stoppedByReceiver {
            var response = transfer.response
            response.body = Data()
            return transfer.finish(.success(response))
        }
        if let failure = transfer.failure { return transfer.finish(.failure(failure)) }
        guard code == CURLE_OK else {
            // A kept-alive connection the server had already closed: nothing of the answer arrived,
            // so the request (a POST too) is sent once more on a new connection.
            if reusedConnection, transfer.head.status == 0, !transfer.retriedOnFreshConnection, HTTPError.isDeadConnection(code) {
                transfer.retriedOnFreshConnection = true
                return start(transfer, freshConnection: true)
            }
            return transfer.finish(.failure(.from(curl: code, host: transfer.host)))
        }
        let head = transfer.head
        switch RedirectPolicy.decide(status: head.status, headers: head.headers, current: transfer.current,
                                     original: transfer.original, seen: &transfer.seen,
                                     maxRedirects: transfer.configuration.maxRedirects) {
        case .stay: transfer.finish(.success(transfer.response))
        case .fail(let error): transfer.finish(.failure(error))
        case .follow(let next):
            // Only a same-origin hop keeps a secret, and the pin covers that origin; anything else
            // carrying one over plain http unchecked is refused rather than sent.
            if next.url.scheme?.lowercased() == "http", next.sendsSecret, !next.plainHTTPConsented,
               transfer.pin?.covers(next.url) != true, PlainHTTPRule.decide(next, resolve: { _ in nil }) != .send {
                return transfer.finish(.failure(.insecureSecret(host: next.url.host ?? transfer.host)))
            }
            transfer.advance(to: next)
            start(transfer, freshConnection: false)
        }
    }

    private func enforceDeadlines() {
        let now = ContinuousClock.now
        for transfer in Array(active.values) where now >= transfer.deadline || now >= transfer.idleDeadline {
            end(transfer, with: .timedOut(host: transfer.host))
        }
    }

    /// Milliseconds until the next deadline (libcurl shortens it further for its own timers).
    private func pollTimeout() -> Int32 {
        guard let next = active.values.map({ min($0.deadline, $0.idleDeadline) }).min() else { return 3_600_000 }
        let wait = next - .now
        return Int32(clamping: max(0, min(3_600_000, wait.curlMilliseconds)))
    }
}

/// libcurl, opened (and `curl_global_init` run) once per process on the first request.
enum CurlRuntime {
    /// Nil once libcurl is usable; else why it could not be loaded.
    static let loadFailure: String? = {
        var reason = [CChar](repeating: 0, count: 512)
        guard lc_load(&reason, reason.count) != 0 else { return nil }
        return String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()
}

import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The listening socket, connection threads, log and faults. Threads hold this object, not the
/// `LoopbackServer`, so a server nobody references any more still stops in `deinit`.
final class LoopbackServerCore: Sendable {
    /// The port the server listens on.
    let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (ServerRequest) -> ServerResponse
    private struct State {
        var stopped = false
        var connections: Set<Int32> = []
        var log: [ServerRequest] = []
        var faults = FaultSchedule()
    }

    private let state = Mutex(State())

    /// Starts listening at once; `handler` answers every request not overridden by a fault.
    init(address ipv4: String = "127.0.0.1", handler: @escaping @Sendable (ServerRequest) -> ServerResponse) throws(LoopbackServerError) {
        self.handler = handler
        (listener, port) = try LoopbackPort.listening(on: ipv4)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LoopbackServer.accept"
        thread.start()
    }

    /// Stops accepting and closes every open connection; safe to call twice.
    /// Only shutdown(2) happens here: each fd is closed by the thread that owns it, so a number
    /// reused by another socket in the meantime is never touched.
    func stop() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            shutdown(listener, Int32(SHUT_RDWR))
            for fd in state.connections { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    /// Every request received so far, in arrival order (after `stripAuthorization`).
    var requests: [ServerRequest] { state.withLock { $0.log } }

    /// Forgets the logged requests.
    func clearLog() { state.withLock { $0.log.removeAll() } }

    /// Applies `fault` to the next `count` requests (nil: until `clearFaults`).
    func inject(_ fault: ServerFault, count: Int? = nil) {
        state.withLock { $0.faults.add(fault, count: count) }
    }

    /// Removes every injected fault.
    func clearFaults() { state.withLock { $0.faults.clear() } }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            let accepted: Bool = state.withLock { state in
                guard !state.stopped else { return false }
                state.connections.insert(fd)
                return true
            }
            guard accepted else {
                close(fd)
                close(listener)
                return
            }
            var noDelay: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            let thread = Thread { [self] in serve(fd) }
            thread.name = "LoopbackServer.connection"
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer {
            state.withLock { state in
                state.connections.remove(fd)
                close(fd)
            }
        }
        let io = SocketIO(fd: fd)
        // A TLS hello (handshake record, byte 0x16) sent to this plain-http server gets what nginx
        // and most servers send: a 400 and the end of the connection, so the client's handshake
        // fails at once instead of waiting for a request that never completes.
        var first: UInt8 = 0
        if recv(fd, &first, 1, Int32(MSG_PEEK)) == 1, first == 0x16 {
            _ = io.write(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
            return
        }
        var parser = RequestParser(io: io)
        while let (received, keepAlive) = parser.next() {
            var request = received
            let active: [ServerFault] = state.withLock { $0.faults.next() }
            if active.contains(where: { if case .stripAuthorization = $0 { true } else { false } }) {
                request.removeHeader("Authorization")
            }
            state.withLock { $0.log.append(request) }
            if active.contains(where: { if case .dropConnection = $0 { true } else { false } }) { return }
            if active.contains(where: { if case .loseAnswer(let suffix) = $0 { request.path.hasSuffix(suffix) } else { false } }) {
                _ = handler(request)
                return
            }
            let plan = ResponsePlan(faults: active, answer: { handler(request) })
            if let delay = plan.delay { Thread.sleep(forTimeInterval: delay) }
            let open = plan.write(to: io, keepAlive: keepAlive, headRequest: request.method == "HEAD")
            if !open || !keepAlive { return }
        }
    }
}

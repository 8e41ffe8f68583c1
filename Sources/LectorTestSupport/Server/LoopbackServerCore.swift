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
        (listener, port) = try Self.listenOnUnusedPort(ipv4)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LoopbackServer.accept"
        thread.start()
    }

    /// Every port a server of this process has listened on.
    private static let portsUsed = Mutex(Set<UInt16>())

    /// A listening socket on a port no server of this process has had: tests leave state behind
    /// keyed by a server's address (a keyring item for `miniflux:alice@127.0.0.1:PORT` of an
    /// account never removed), and the kernel hands a closed port out again within seconds (a
    /// fifth of 3,000 servers started one after another). A port already used is held open while
    /// the next is asked for, so the kernel cannot give it back at once.
    private static func listenOnUnusedPort(_ ipv4: String) throws(LoopbackServerError) -> (Int32, UInt16) {
        var held: [Int32] = []
        defer { held.forEach { close($0) } }
        while true {
            let (fd, port) = try listen(on: ipv4)
            // After 64 refusals in a row (never seen) a used port is better than no server.
            if portsUsed.withLock({ $0.insert(port).inserted }) || held.count == 64 { return (fd, port) }
            held.append(fd)
        }
    }

    private static func listen(on ipv4: String) throws(LoopbackServerError) -> (Int32, UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .socket(call: "socket", errno: errno) }
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr(ipv4)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { let code = errno; close(fd); throw .socket(call: "bind", errno: code) }
        guard Glibc.listen(fd, 128) == 0 else { let code = errno; close(fd); throw .socket(call: "listen", errno: code) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: address.sin_port))
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

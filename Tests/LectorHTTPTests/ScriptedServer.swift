import Foundation
import Glibc

/// A loopback server whose every connection is scripted by the test: it sees the raw socket, so it
/// can misbehave in ways an HTTP server never would on purpose (answer nothing, drop a kept-alive
/// connection mid-request, send hand-made compressed bodies). `script` runs on its own thread per
/// connection with the connection's 0-based index; the connection closes when it returns.
final class ScriptedServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var open: Set<Int32> = []
    private var stopped = false
    private var acceptedCount = 0

    /// How many connections were accepted so far.
    var accepted: Int { lock.withLock { acceptedCount } }

    init(_ script: @escaping @Sendable (ScriptedConnection, Int) -> Void) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard ready else {
            close(fd)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread { [self] in accept(script) }.start()
    }

    deinit { stop() }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Closes the listener and every connection (their scripts see reads fail).
    func stop() {
        lock.withLock {
            guard !stopped else { return }
            stopped = true
            shutdown(listener, Int32(SHUT_RDWR))
            for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    private func accept(_ script: @escaping @Sendable (ScriptedConnection, Int) -> Void) {
        var index = 0
        while true {
            let fd = Glibc.accept(listener, nil, nil)
            if fd < 0 && errno == EINTR { continue }
            let admitted = fd >= 0 && lock.withLock {
                if !stopped {
                    open.insert(fd)
                    acceptedCount += 1
                }
                return !stopped
            }
            guard admitted else {
                if fd >= 0 { close(fd) }
                close(listener)
                return
            }
            let connection = ScriptedConnection(fd: fd)
            let number = index
            index += 1
            Thread { [self] in
                script(connection, number)
                lock.withLock {
                    open.remove(fd)
                    close(fd)
                }
            }.start()
        }
    }
}

/// One accepted connection, with blocking request reads and raw writes.
final class ScriptedConnection: @unchecked Sendable {
    private let fd: Int32
    private var buffered: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    /// The next request's head (request line and fields) and body, or nil when the peer closed.
    func readRequest() -> (head: String, body: [UInt8])? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            headEnd = buffered.indices.dropLast(3).first { Array(buffered[$0..<$0 + 4]) == separator }
            if headEnd == nil && !fill() { return nil }
        }
        let head = String(decoding: buffered[0..<headEnd!], as: UTF8.self)
        let length = head.split(separator: "\r\n").compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingCharacters(in: .whitespaces))
        }.first ?? 0
        let bodyStart = headEnd! + 4
        while buffered.count < bodyStart + length {
            if !fill() { return nil }
        }
        let body = Array(buffered[bodyStart..<bodyStart + length])
        buffered.removeFirst(bodyStart + length)
        return (head, body)
    }

    /// Writes all of `bytes`; false once the peer is gone.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    @discardableResult
    func write(_ text: String) -> Bool { write(Array(text.utf8)) }

    /// Blocks (without using CPU) until the peer closes the connection or the server stops.
    func waitForClose() {
        while fill() {}
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffered.append(contentsOf: chunk[0..<count])
                return true
            }
            if count < 0 && errno == EINTR { continue }
            return false
        }
    }
}

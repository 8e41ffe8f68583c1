import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Ports on 127.0.0.1 for the servers of tests and benchmarks, each handed out once per process.
///
/// Tests leave state behind keyed by a server's address (a keyring item for
/// `miniflux:alice@127.0.0.1:PORT` of an account never removed), and the kernel hands a closed
/// port out again within seconds (a fifth of 3,000 servers started one after another), so a later
/// server on the same port would meet it. A port already handed out is held open while the next
/// is asked for, so the kernel cannot give it back at once.
public enum LoopbackPort {
    /// Every port handed out in this process.
    private static let handedOut = Mutex(Set<UInt16>())

    /// A socket listening on `ipv4` at a port not handed out before in this process.
    static func listening(on ipv4: String = "127.0.0.1") throws(LoopbackServerError) -> (descriptor: Int32, port: UInt16) {
        var held: [Int32] = []
        defer { held.forEach { close($0) } }
        while true {
            let (descriptor, port) = try listen(on: ipv4)
            // After 64 refusals in a row (never seen) a used port is better than no server.
            if handedOut.withLock({ $0.insert(port).inserted }) || held.count == 64 { return (descriptor, port) }
            held.append(descriptor)
        }
    }

    /// A port free on 127.0.0.1 a moment ago and not handed out before in this process, for a
    /// server in another process (openssl, nginx). The socket is closed again, so another process
    /// could take the port before that server binds it: a small, accepted race.
    public static func free() throws(LoopbackServerError) -> UInt16 {
        let (descriptor, port) = try listening()
        close(descriptor)
        return port
    }

    /// True once something accepts connections on 127.0.0.1:`port`.
    public static func accepts(_ port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = address(ipv4: "127.0.0.1", port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func listen(on ipv4: String) throws(LoopbackServerError) -> (Int32, UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw .socket(call: "socket", errno: errno) }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = address(ipv4: ipv4, port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { let code = errno; close(descriptor); throw .socket(call: "bind", errno: code) }
        guard Glibc.listen(descriptor, 128) == 0 else { let code = errno; close(descriptor); throw .socket(call: "listen", errno: code) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { let code = errno; close(descriptor); throw .socket(call: "getsockname", errno: code) }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    private static func address(ipv4: String, port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(ipv4)
        return address
    }
}

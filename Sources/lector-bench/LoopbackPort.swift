import Foundation

/// Loopback TCP helpers for servers the benchmarks start.
enum LoopbackPort {
    /// A port that was free on 127.0.0.1 a moment ago (the kernel picks it; the socket is closed
    /// again, so another process could take it before the server binds: a small, accepted race).
    static func free() throws -> UInt16 {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw BenchError.check("cannot open a socket") }
        defer { close(socketFD) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socketFD, pointer, length) == 0 && getsockname(socketFD, pointer, &length) == 0
            }
        }
        guard bound else { throw BenchError.check("cannot bind a loopback socket") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// True once something accepts connections on 127.0.0.1:`port`.
    static func accepts(_ port: UInt16) -> Bool {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { return false }
        defer { close(socketFD) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}

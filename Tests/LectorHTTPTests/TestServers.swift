import Foundation
import Glibc
import LectorTestSupport

/// A bound but not listening socket: connecting to its port is refused while it stays open.
final class RefusingPort {
    let port: UInt16
    private let fd: Int32

    init() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(fd) }
}

/// A server that echoes the request method and path in a text body.
func echoServer() throws -> LoopbackServer {
    try LoopbackServer { request in
        .text("\(request.method) \(request.path)", headers: [(name: "X-Echo", value: "yes")])
    }
}

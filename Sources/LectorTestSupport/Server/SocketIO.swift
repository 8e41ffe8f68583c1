import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Blocking reads and writes on a connected socket.
struct SocketIO {
    let fd: Int32

    /// Writes all of `bytes`; false when the peer went away.
    @discardableResult
    func write(_ bytes: some Collection<UInt8>) -> Bool {
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            let sent = array.withUnsafeBytes { buffer in
                send(fd, buffer.baseAddress! + offset, array.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += sent
        }
        return true
    }

    /// Reads what is available (blocking for at least one byte); nil on close or error.
    func read(into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return true
            }
            if count < 0 && errno == EINTR { continue }
            return false
        }
    }
}

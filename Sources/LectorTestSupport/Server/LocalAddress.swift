import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// This machine's own addresses, for tests that need a server here that is not loopback.
public enum LocalAddress {
    /// The first IPv4 address of an interface that is up and not loopback; nil when there is none.
    public static func nonLoopbackIPv4() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            let flags = Int32(current.pointee.ifa_flags)
            guard let address = current.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET,
                  flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0 else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let found: String? = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                var raw = $0.pointee.sin_addr
                guard inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil else { return nil }
                return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            if let found, !found.hasPrefix("127.") { return found }
        }
        return nil
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Whether a host is this machine, decided on addresses, never on spelling: a name counts only when
/// it resolves, and every address it resolves to is in 127.0.0.0/8 or is ::1. So `127.evil.example`
/// is not loopback (it resolves elsewhere or not at all), while `localhost` and `[::1]` are.
/// Callers use it to allow secrets over plain http only to this machine.
public enum LoopbackAddress {
    /// True when every address `host` resolves to is a loopback address; false when it does not resolve.
    public static func isLoopback(host: String) -> Bool {
        var name = host
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        guard !name.isEmpty else { return false }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &list) == 0, let first = list else { return false }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            guard isLoopback(current.pointee.ai_addr) else { return false }
            entry = current.pointee.ai_next
        }
        return true
    }

    private static func isLoopback(_ address: UnsafeMutablePointer<sockaddr>?) -> Bool {
        guard let address else { return false }
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                UInt32(bigEndian: $0.pointee.sin_addr.s_addr) >> 24 == 127
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                let bytes = withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) }
                let isOne = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
                // ::ffff:127.x.y.z is an IPv4 loopback address written as IPv6.
                let isMappedLoopback = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
                    && bytes[12] == 127
                return isOne || isMappedLoopback
            }
        default:
            return false
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// One address a host name resolved to, in numeric form ("127.0.0.1", "::1").
public struct ResolvedAddress: Sendable, Equatable {
    public let text: String
    public let isLoopback: Bool

    public init(text: String, isLoopback: Bool) {
        self.text = text
        self.isLoopback = isLoopback
    }
}

/// Whether a host is this machine, decided on addresses, never on spelling: a name counts only when
/// it resolves, and every address it resolves to is in 127.0.0.0/8 or is ::1. So `127.evil.example`
/// is not loopback (it resolves elsewhere or not at all), while `localhost` and `[::1]` are.
/// Callers use it to allow secrets over plain http only to this machine.
public enum LoopbackAddress {
    /// True when every address `host` resolves to is a loopback address; false when it does not resolve.
    public static func isLoopback(host: String) -> Bool {
        guard let addresses = resolve(host: host), !addresses.isEmpty else { return false }
        return addresses.allSatisfy(\.isLoopback)
    }

    /// The distinct addresses `host` resolves to now (getaddrinfo), in its order; nil when it does
    /// not resolve. A bracketed IPv6 literal is taken without its brackets.
    public static func resolve(host: String) -> [ResolvedAddress]? {
        let name = unbracketed(host)
        guard !name.isEmpty else { return nil }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        var found: [ResolvedAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let address = describe(current.pointee.ai_addr), !found.contains(address) { found.append(address) }
            entry = current.pointee.ai_next
        }
        return found
    }

    /// True when `host` is an IP address written out (no name to resolve).
    public static func isLiteral(_ host: String) -> Bool {
        let name = unbracketed(host)
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }

    static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    private static func describe(_ address: UnsafeMutablePointer<sockaddr>?) -> ResolvedAddress? {
        guard let address else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                var raw = $0.pointee.sin_addr
                guard inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil else { return nil }
                return ResolvedAddress(text: string(text), isLoopback: UInt32(bigEndian: raw.s_addr) >> 24 == 127)
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                var raw = $0.pointee.sin6_addr
                let bytes = withUnsafeBytes(of: raw) { Array($0) }
                let isOne = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
                // ::ffff:127.x.y.z is an IPv4 loopback address written as IPv6.
                let isMappedLoopback = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
                    && bytes[12] == 127
                guard inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) != nil else { return nil }
                return ResolvedAddress(text: string(text), isLoopback: isOne || isMappedLoopback)
            }
        default:
            return nil
        }
    }

    private static func string(_ text: [CChar]) -> String {
        String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

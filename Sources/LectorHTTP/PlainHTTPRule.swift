import FoundationEssentials

/// The addresses a secret-carrying plain-http request was checked against: libcurl is told to use
/// exactly these for `host:port` (CURLOPT_RESOLVE), and the connection it ends up on must be to
/// one of them, so a name cannot resolve elsewhere between the check and the connect.
public struct ConnectionPin: Sendable, Equatable {
    public let host: String
    public let port: Int
    public let addresses: [String]

    /// libcurl's CURLOPT_RESOLVE entry: "host:port:addr,addr" (IPv6 addresses in brackets).
    public var resolveEntry: String {
        "\(host):\(port):" + addresses.map { $0.contains(":") ? "[\($0)]" : $0 }.joined(separator: ",")
    }

    /// Whether the pin is for the host and port `url` connects to.
    func covers(_ url: URL) -> Bool {
        url.scheme?.lowercased() == "http" && url.host?.lowercased() == host && (url.port ?? 80) == port
    }
}

/// Secrets over plain http, decided for every request before any byte is sent: a request that
/// carries a secret (`HTTPRequest.sendsSecret`) over http:// goes out only when the user consented
/// to plain http for it (`plainHTTPConsented`, stored with the account or feed) or when its host is
/// this machine, decided on the addresses the name resolves to now; a name is then pinned to those
/// addresses. Anything else is refused with `HTTPError.insecureSecret`.
public enum PlainHTTPRule {
    public enum Decision: Sendable, Equatable {
        /// Send as usual (https, no secret, consented, or a loopback address written out).
        case send
        /// Send, connecting only to the checked loopback addresses.
        case pin(ConnectionPin)
        case refuse(HTTPError)
    }

    /// Resolves a host name to its addresses now; nil when it does not resolve.
    public typealias Resolver = @Sendable (String) -> [ResolvedAddress]?

    /// True when a secret sent to `url` would cross the network in clear without consent: plain
    /// http to a host that is not this machine (decided on the addresses it resolves to now) and
    /// not `consentedHost`, the host the user allowed plain http for. The one rule behind every
    /// refusal made before a request exists (adding an account or a feed, moving a feed).
    public static func wouldExpose(_ url: URL, consentedHost: String? = nil) -> Bool {
        guard url.scheme?.lowercased() == "http" else { return false }
        let host = url.host?.lowercased() ?? ""
        return host != consentedHost && !LoopbackAddress.isLoopback(host: host)
    }

    /// The decision for `request`; `resolve` is getaddrinfo unless a test gives another.
    public static func decide(_ request: HTTPRequest,
                              resolve: Resolver = { LoopbackAddress.resolve(host: $0) }) -> Decision {
        guard request.url.scheme?.lowercased() == "http", request.sendsSecret, !request.plainHTTPConsented,
              let host = request.url.host?.lowercased(), !host.isEmpty else { return .send }
        let refusal = Decision.refuse(.insecureSecret(host: host))
        if LoopbackAddress.isLiteral(host) {
            // Nothing to resolve (getaddrinfo only parses it): the address is the one connected to.
            return LoopbackAddress.resolve(host: host).map { !$0.isEmpty && $0.allSatisfy(\.isLoopback) } == true ? .send : refusal
        }
        guard let addresses = resolve(host), !addresses.isEmpty, addresses.allSatisfy(\.isLoopback) else { return refusal }
        return .pin(ConnectionPin(host: host, port: request.url.port ?? 80, addresses: addresses.map(\.text)))
    }
}

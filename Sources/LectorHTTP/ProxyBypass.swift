import FoundationEssentials

/// When a request must not go through a proxy that the environment names (`http_proxy`,
/// `HTTPS_PROXY`, `ALL_PROXY`, which libcurl reads by itself): a request to this machine never
/// leaves it, and a secret over plain http — allowed only because its host is this machine, or
/// because the user consented to that one host — never goes in clear to a proxy host, a third
/// party no consent covers.
enum ProxyBypass {
    /// True when `request` goes straight to its host. `pinned`: the request was checked against
    /// its host's loopback addresses (`PlainHTTPRule`).
    static func applies(to request: HTTPRequest, pinned: Bool) -> Bool {
        if pinned { return true }
        if request.url.scheme?.lowercased() == "http" && request.sendsSecret { return true }
        return isThisMachine(request.url.host ?? "")
    }

    /// A loopback address written out, or `localhost` and its subdomains (RFC 6761: always this
    /// machine); decided without a lookup, so no request waits for one.
    static func isThisMachine(_ host: String) -> Bool {
        let name = LoopbackAddress.unbracketed(host).lowercased()
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        guard LoopbackAddress.isLiteral(name) else { return false }
        return LoopbackAddress.resolve(host: name)?.allSatisfy(\.isLoopback) == true
    }
}

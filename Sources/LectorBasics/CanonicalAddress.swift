/// An article's address as the same story's other copies carry it: what tells two links to one
/// page apart only in how they were written or tracked is taken away — the scheme (http and
/// https), the case of the host, a login, the default port, a trailing slash, the fragment, and
/// the tracking parameters newsletters and social sites add (`utm_*`, `fbclid` and the like).
/// Two addresses with the same key open the same page; the key is never shown.
public enum CanonicalAddress {
    /// Query parameters that only say where a click came from.
    static let trackingParameters: Set<String> = [
        "fbclid", "gclid", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "twclid", "igshid", "mc_cid", "mc_eid",
        "_hsenc", "_hsmi", "mkt_tok", "oly_anon_id", "oly_enc_id", "vero_id", "ref_src", "ref_url", "__s", "s_cid",
    ]

    /// The key of `address`, or nil for no usable address (empty, or not http(s)).
    public static func key(_ address: String) -> String? {
        var text = Substring(address.trimmingBlanksAndNewlines)
        guard let schemeEnd = text.firstRange(of: "://") else { return nil }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        text = text[schemeEnd.upperBound...]
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        let authorityEnd = text.firstIndex { $0 == "/" || $0 == "?" } ?? text.endIndex
        var authority = text[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host = authority.lowercased()
        if host.hasSuffix(":80") || host.hasSuffix(":443") { host = String(host[..<host.lastIndex(of: ":")!]) }
        if host.hasSuffix(".") { host.removeLast() }
        guard !host.isEmpty else { return nil }
        let rest = text[authorityEnd...]
        let queryStart = rest.firstIndex(of: "?") ?? rest.endIndex
        var path = rest[..<queryStart]
        while path.hasSuffix("/") { path = path.dropLast() }
        let kept = queryStart == rest.endIndex ? [] : rest[rest.index(after: queryStart)...].split(separator: "&").filter { parameter in
            let name = (parameter.split(separator: "=", maxSplits: 1).first ?? parameter).lowercased()
            return !name.hasPrefix("utm_") && !trackingParameters.contains(name)
        }
        return host + path + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }
}

import FoundationEssentials

/// A key under which two spellings of the same feed URL collide, for duplicate detection.
///
/// The scheme, user info, fragment, default ports (80, 443) and a trailing slash are ignored and the host
/// is lower-cased; path and query are kept as written (they are case-sensitive on most servers).
/// `https://Example.com:443/feed/#x` and `http://example.com/feed` both give `example.com/feed`.
public func canonicalFeedKey(_ url: URL) -> String {
    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true), let host = components.host,
          !host.isEmpty else {
        var s = url.absoluteString
        if let hash = s.firstIndex(of: "#") { s = String(s[..<hash]) }
        return s.hasSuffix("/") ? String(s.dropLast()) : s
    }
    var key = host.lowercased()
    if let port = components.port, port != 80 && port != 443 { key += ":\(port)" }
    var path = components.percentEncodedPath
    while path.hasSuffix("/") { path.removeLast() }
    key += path
    if let query = components.percentEncodedQuery, !query.isEmpty { key += "?" + query }
    return key
}

import FoundationEssentials

/// The origin (scheme, host, port) a credential belongs to: it is sent nowhere else.
public enum HTTPOrigin {
    /// True when `a` and `b` share scheme, host and port (default ports made explicit).
    public static func same(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased()
            && a.host?.lowercased() == b.host?.lowercased()
            && effectivePort(a) == effectivePort(b)
    }

    /// The origin as people write it: `https://host`, `http://host:8080` (a default port left out).
    public static func name(_ url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port.flatMap { $0 == defaultPort(scheme) ? nil : $0 }
        return "\(scheme)://\(url.host?.lowercased() ?? "")\(port.map { ":\($0)" } ?? "")"
    }

    /// `url` without a `user:password@` part: a login in an address someone else wrote (a
    /// redirect's Location, a page's link) is never taken, shown or kept.
    public static func withoutUserInfo(_ url: URL) -> URL {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false),
              parts.user != nil || parts.password != nil else { return url }
        parts.user = nil
        parts.password = nil
        return parts.url ?? url
    }

    private static func effectivePort(_ url: URL) -> Int? {
        url.port ?? defaultPort(url.scheme?.lowercased() ?? "")
    }

    private static func defaultPort(_ scheme: String) -> Int? {
        switch scheme {
        case "http": 80
        case "https": 443
        default: nil
        }
    }
}

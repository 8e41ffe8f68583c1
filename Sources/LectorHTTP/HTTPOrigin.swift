import FoundationEssentials

/// The origin (scheme, host, port) a credential belongs to: it is sent nowhere else.
public enum HTTPOrigin {
    /// True when `a` and `b` share scheme, host and port (default ports made explicit).
    public static func same(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased()
            && a.host?.lowercased() == b.host?.lowercased()
            && effectivePort(a) == effectivePort(b)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}

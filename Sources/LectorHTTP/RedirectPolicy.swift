import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Decides what of a request may follow a redirect.
enum RedirectPolicy {
    /// Headers that carry credentials and must never reach another origin.
    static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie", "X-Auth-Token"]

    /// True when `a` and `b` share scheme, host and port (the origin credentials were meant for).
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased()
            && a.host?.lowercased() == b.host?.lowercased()
            && effectivePort(a) == effectivePort(b)
    }

    /// `next` with credentials removed when it leaves the origin of `original`.
    static func sanitize(_ next: URLRequest, original: URL) -> URLRequest {
        guard let target = next.url, !sameOrigin(original, target) else { return next }
        var request = next
        for name in credentialHeaders { request.setValue(nil, forHTTPHeaderField: name) }
        if var parts = URLComponents(url: target, resolvingAgainstBaseURL: false),
           parts.user != nil || parts.password != nil {
            parts.user = nil
            parts.password = nil
            request.url = parts.url
        }
        return request
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

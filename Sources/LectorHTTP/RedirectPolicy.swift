import FoundationEssentials
import LectorBasics

/// Our redirect rules, applied hop by hop (libcurl's own following is off): a relative `Location`
/// is resolved against the URL that answered, a loop is a URL seen before, and credentials never
/// leave the origin (scheme, host, port) the caller gave them for.
enum RedirectPolicy {
    /// Headers that carry credentials and must never reach another origin.
    static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie", "X-Auth-Token"]

    enum Decision: Equatable {
        /// Return this response as it is.
        case stay
        /// Send this request next.
        case follow(HTTPRequest)
        case fail(HTTPError)
    }

    /// What to do after `status`/`headers` answered `current`; `original` is the caller's request,
    /// `seen` the URLs requested so far (the new target is added when followed).
    static func decide(status: Int, headers: HTTPHeaders, current: HTTPRequest, original: HTTPRequest,
                       seen: inout Set<String>, maxRedirects: Int) -> Decision {
        guard current.followRedirects, [301, 302, 303, 307, 308].contains(status),
              let location = headers["Location"], let target = resolve(location, against: current.url),
              let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https",
              target.host?.isEmpty == false else { return .stay }
        let key = seenKey(target)
        if seen.contains(key) || seen.count > maxRedirects { return .fail(.tooManyRedirects(host: original.host)) }
        var next = current
        // A login the Location itself brings (`user:password@`) is the server's, never the user's:
        // followed without it, so it reaches no response URL, no store and no keyring.
        let broughtLogin = target.user != current.url.user || target.password != current.url.password
        next.url = broughtLogin ? HTTPOrigin.withoutUserInfo(target) : target
        if status == 303 && current.method != "HEAD" || (status == 301 || status == 302) && current.method == "POST" {
            next.method = "GET"
            next.body = nil
            next.headers.remove("Content-Type")
            next.headers.remove("Content-Length")
        }
        if !sameOrigin(original.url, target) {
            // A body may hold a secret too (Fever's api_key): it never goes to another origin.
            if next.body != nil { return .stay }
            for name in credentialHeaders { next.headers.remove(name) }
            next.url = HTTPOrigin.withoutUserInfo(target)
            // The secret stayed behind, and the consent to plain http was for the first host only.
            next.carriesSecret = false
            next.plainHTTPConsented = false
        }
        seen.insert(key)
        return .follow(next)
    }

    /// The key a URL is remembered by for loop detection (the fragment never reaches the server).
    static func seenKey(_ url: URL) -> String {
        var text = url.absoluteString
        if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
        return text
    }

    static func sameOrigin(_ a: URL, _ b: URL) -> Bool { HTTPOrigin.same(a, b) }

    /// `location` resolved against `base` (RFC 3986); a Location with characters URL refuses
    /// (spaces, non-ASCII) is percent-encoded first.
    static func resolve(_ location: String, against base: URL) -> URL? {
        let trimmed = location.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        if let url = URL(string: trimmed, relativeTo: base) { return url.absoluteURL }
        let encoded = trimmed.percentEncoded { URLBytes.isFragmentAllowed($0) || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "%") }
        return URL(string: encoded, relativeTo: base)?.absoluteURL
    }
}

extension RedirectPolicy {
    /// A quick look at a response head: will this hop probably be followed (so its body is not the
    /// caller's)? `decide` has the final word once the hop has ended.
    static func wouldFollow(status: Int, headers: HTTPHeaders, request: HTTPRequest) -> Bool {
        request.followRedirects && [301, 302, 303, 307, 308].contains(status) && headers["Location"] != nil
    }
}

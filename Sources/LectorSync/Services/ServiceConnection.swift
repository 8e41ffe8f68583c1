import FoundationEssentials
import LectorBasics
import LectorHTTP

/// The HTTP side every service shares: requests relative to the account's base URL, and the
/// mapping of transport failures and HTTP statuses onto `SyncError`.
public struct ServiceConnection: Sendable {
    public let base: URL
    public let http: HTTPClient
    /// The user consented (--allow-insecure, stored with the account) to sending the account's
    /// secret over plain http to this host.
    public let plainHTTPConsented: Bool

    public init(base: URL, http: HTTPClient, plainHTTPConsented: Bool = false) {
        self.base = base
        self.http = http
        self.plainHTTPConsented = plainHTTPConsented
    }

    /// `base` + a relative path (no leading slash) + query items.
    public func url(_ path: String, query: [(String, String)] = []) -> URL {
        var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        if path.hasSuffix("/") && !(components.path.hasSuffix("/")) { components.path += "/" }
        return components.url!
    }

    /// Sends a request; a transport failure becomes `.transport`, 429 and 503 with Retry-After
    /// become `.rateLimited`. Other statuses are returned for the caller to judge. Every request
    /// to a service carries the account's secret (a header, or Fever's api_key and ClientLogin's
    /// password in the body), so the client checks it against the plain-http rule.
    public func send(_ request: HTTPRequest) throws(SyncError) -> HTTPResponse {
        var request = request
        request.carriesSecret = true
        request.plainHTTPConsented = plainHTTPConsented
        let response: HTTPResponse
        do { response = try http.sendAndWait(request) } catch {
            if case .insecureSecret = error { throw .authentication(error.message) }
            throw .transport(error)
        }
        if response.status == 429 || (response.status == 503 && response.headers["Retry-After"] != nil) {
            let wait = response.retryAfter().map { Double($0.components.seconds) }
            throw .rateLimited(retryAfter: wait, "\(request.host) is rate-limiting requests")
        }
        return response
    }

    /// Throws the right error for a status that is not a success.
    public func require(_ response: HTTPResponse, _ what: String) throws(SyncError) {
        switch response.status {
        case 200..<300: return
        case 401, 403: throw .authentication("\(base.host ?? "the server") refused the credentials (\(what): HTTP \(response.status))")
        case 500...: throw .serverFailed(host: base.host ?? "the server", status: response.status, doing: what)
        default: throw .rejected("\(base.host ?? "the server") refused \(what): HTTP \(response.status) \(Self.excerpt(response))")
        }
    }

    /// The body parsed as a JSON object, or a protocol error naming what was expected.
    public func json(_ response: HTTPResponse, _ what: String) throws(SyncError) -> Any {
        // The parser's own error names a byte offset, useless to the user; what was expected is not.
        guard let value = try? JSONObject.parse(response.body) else {
            let host = base.host ?? "the server"
            throw .protocolViolation(Self.looksLikeJSON(response)
                ? "\(host)'s answer to \(what) is not complete JSON: it was cut short or is malformed"
                : "\(host) did not answer \(what) with JSON: \(Self.excerpt(response))")
        }
        return value
    }

    /// A short, sanitised reason from a body, never the body itself: a JSON error message when
    /// the server sent one, "an HTML page" (with its title) for a web page, else the first line,
    /// control characters removed and cut short.
    static func excerpt(_ response: HTTPResponse) -> String {
        let text = response.text.trimmingBlanksAndNewlines
        if looksLikeJSON(response) {
            // JSON itself is never quoted: its error message when it has one, else what it is.
            guard let parsed = try? JSONObject.parse(response.body) else { return "JSON cut short or malformed" }
            let object = parsed as? [String: Any] ?? [:]
            return ["error_message", "error", "message"].lazy.compactMap({ object[$0] as? String }).first.map(clean)
                ?? "JSON without an error message"
        }
        if text.hasPrefix("<") {
            let title = text.firstMatch(of: /(?is)<title[^>]*>(.*?)<\/title>/).map { clean(String($0.1)) }
            return "an HTML page" + (title.map { $0.isEmpty ? "" : " ('\($0)')" } ?? "") + ", not the API"
        }
        return clean(text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "")
    }

    /// A body that starts like a JSON object or array.
    static func looksLikeJSON(_ response: HTTPResponse) -> Bool {
        let text = response.text.trimmingBlanksAndNewlines
        return text.hasPrefix("{") || text.hasPrefix("[")
    }

    private static func clean(_ text: String) -> String {
        // Whole terminal escape sequences go, not just their ESC byte.
        let unescaped = text.replacing(/\x{1B}(\[[0-9;?]*[ -\/]*[@-~]|\][^\x{07}\x{1B}]*(\x{07}|\x{1B}\\)?|.)/, with: "")
        let visible = String(String.UnicodeScalarView(unescaped.unicodeScalars.filter { $0.properties.generalCategory != .control
            && $0.properties.generalCategory != .format }))
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return visible.count > 80 ? String(visible.prefix(80)) + "…" : visible
    }
}

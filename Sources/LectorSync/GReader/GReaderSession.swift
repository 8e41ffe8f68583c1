import FoundationEssentials
import LectorHTTP

/// A logged-in Google Reader API session: the `Auth` token for the Authorization header and,
/// fetched on demand, the write token `T` for POSTs.
public struct GReaderSession: Sendable {
    public let connection: ServiceConnection
    public let authToken: String
    public let info: ServerInfo

    /// ClientLogin, then one authenticated GET: some proxies strip the Authorization header, so
    /// the login works and every later call fails — that is caught here and named.
    public static func login(_ connection: ServiceConnection, user: String, password: String) throws(SyncError) -> GReaderSession {
        let host = connection.base.host ?? "the server"
        let response = try connection.send(.postForm(connection.url("accounts/ClientLogin"),
                                                     fields: [("Email", user), ("Passwd", password)]))
        if response.status == 401 || response.status == 403 {
            let server = GReaderServer.of(refusal: response, base: connection.base)
            throw .authentication("\(host) refused the login for '\(user)': \(server.passwordAdvice)")
        }
        if response.status == 503 { throw .rejected("\(host) has its API disabled (HTTP 503): enable API access in its settings") }
        try connection.require(response, "the login")
        guard let token = response.text.split(whereSeparator: \.isNewline)
            .first(where: { $0.hasPrefix("Auth=") }).map({ String($0.dropFirst(5)) }), !token.isEmpty else {
            throw .protocolViolation("\(host) answered the login without an Auth token: \(ServiceConnection.excerpt(response))")
        }
        var session = GReaderSession(connection: connection, authToken: token, info: ServerInfo(name: "Google Reader API", user: user))
        let check = try connection.send(session.authorized(.get(connection.url("reader/api/0/user-info", query: [("output", "json")]))))
        if check.status == 401 {
            let compatibility = GReaderServer.servesFreshRSSPath(connection.base)
                ? " — see FreshRSS's check at \(connection.url("check/compatibility").absoluteString)" : ""
            throw .authentication("\(host) accepted the password but rejected the next request: something between Lector and the server (a reverse proxy?) is stripping the Authorization header\(compatibility)")
        }
        try connection.require(check, "user-info")
        let object = try connection.json(check, "user-info") as? [String: Any]
        let name = object?["userName"] as? String ?? user
        session = GReaderSession(connection: connection, authToken: token,
                                 info: ServerInfo(name: "Google Reader API at \(host)", user: name))
        return session
    }

    /// The request with the `GoogleLogin auth=` header (spelled exactly: FreshRSS is case-sensitive).
    public func authorized(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.headers["Authorization"] = "GoogleLogin auth=\(authToken)"
        return request
    }
}

import FoundationEssentials
import LectorBasics
import LectorHTTP
import Synchronization

/// Tiny Tiny RSS's JSON API (`POST <base>/api/`, a JSON body with `op` and `sid`). Every answer is
/// `{"seq","status","content"}`: `status` 1 is an error with `content.error`, sent as HTTP 200
/// (ttrss 001–024); some bad input crashes PHP instead, HTTP 500 with an empty body (104, 138).
/// The session id is kept for this process only (never stored) and renewed once on
/// `NOT_LOGGED_IN`: an expired, logged-out or garbage-collected session (018, 163, 169).
public final class TTRSSClient: Sendable {
    public let connection: ServiceConnection
    let user: String
    let password: String
    private let session = Mutex<String?>(nil)
    /// The web backend's CSRF token for the current session, read from `/index.php` (124).
    private let csrfToken = Mutex<String?>(nil)

    public init(_ connection: ServiceConnection, user: String, password: String) {
        self.connection = connection
        self.user = user
        self.password = password
    }

    /// What `login` said: the session and the API level.
    public struct Login: Sendable {
        public let sessionID: String
        public let apiLevel: Int
    }

    /// Logs in and keeps the new session for the following calls.
    @discardableResult
    public func login() throws(SyncError) -> Login {
        let content = try send(["op": "login", "user": user, "password": password], "logging in", sid: nil)
        guard let object = content as? [String: Any], let sid = object["session_id"] as? String, !sid.isEmpty else {
            throw .protocolViolation("TT-RSS logged in without giving a session id")
        }
        session.withLock { $0 = sid }
        csrfToken.withLock { $0 = nil }
        return Login(sessionID: sid, apiLevel: TTRSSWire.int(object["api_level"]) ?? 0)
    }

    /// The session id, logging in first when there is none yet.
    func sessionID() throws(SyncError) -> String {
        if let sid = session.withLock({ $0 }) { return sid }
        return try login().sessionID
    }

    /// Calls `op` with `parameters` and returns `content`. A session the server no longer knows is
    /// renewed with one new login and the call made once more: a refused call did nothing.
    public func call(_ op: String, _ parameters: [String: Any] = [:], _ what: String) throws(SyncError) -> Any {
        let sid = try sessionID()
        do {
            return try send(parameters.merging(["op": op]) { $1 }, what, sid: sid)
        } catch .authentication(let message) where message == Self.notLoggedIn {
            session.withLock { if $0 == sid { $0 = nil } }
            return try send(parameters.merging(["op": op]) { $1 }, what, sid: try sessionID())
        }
    }

    /// The marker `send` throws for `NOT_LOGGED_IN`, turned into a new login by `call`.
    static let notLoggedIn = "TT-RSS no longer knows this session (NOT_LOGGED_IN)"

    private func send(_ body: [String: Any], _ what: String, sid: String?) throws(SyncError) -> Any {
        var body = body
        if let sid { body["sid"] = sid }
        var request = HTTPRequest(method: "POST", url: connection.url("api/"))
        request.headers["Content-Type"] = "application/json"
        // Our own dictionaries of strings, numbers, booleans and arrays always serialise.
        request.body = JSONObject.data(body)
        let response = try connection.send(request)
        let host = connection.base.host ?? "TT-RSS"
        if response.status >= 500 && response.body.isEmpty {
            // PHP crashed on the request (a missing parameter, a category that does not exist).
            throw .serverFailed(host: host, status: response.status, doing: what)
        }
        try connection.require(response, what)
        guard let envelope = try connection.json(response, what) as? [String: Any], let status = TTRSSWire.int(envelope["status"]) else {
            throw .protocolViolation("\(host) did not answer \(what) as the TT-RSS API does")
        }
        guard status != 0 else { return envelope["content"] ?? ([] as [Any]) }
        let code = (envelope["content"] as? [String: Any])?["error"] as? String ?? "an unnamed error"
        throw Self.error(code, what, host: host, user: user)
    }

    /// One clear line per refusal the API has (README of the recordings: the error codes).
    static func error(_ code: String, _ what: String, host: String, user: String) -> SyncError {
        switch code {
        case "LOGIN_ERROR":
            // Wrong user, wrong password and the 5-second throttle after a failed login all look
            // the same (001, 002, 004): say both, and never retry at once.
            .authentication("\(host) refused the login of '\(user)' (LOGIN_ERROR): the user or password is wrong, or a login "
                + "came less than 5 s after a failed one (TT-RSS then refuses even the right password): check them and try again in a few seconds")
        case "API_DISABLED":
            .authentication("\(host) refuses API access for '\(user)' (API_DISABLED): turn on 'Enable API' in TT-RSS under "
                + "Preferences → Preferences → General, then try again")
        case "NOT_LOGGED_IN":
            .authentication(notLoggedIn)
        case "E_NOT_FOUND":
            .rejected("TT-RSS has no such item (\(what): E_NOT_FOUND)")
        default:
            .rejected("TT-RSS refused \(what): \(code)")
        }
    }

    // MARK: The web backend

    /// Posts `fields` to `/backend.php` with the session as the `ttrss_sid` cookie and the CSRF
    /// token from `/index.php` (124–126): the route for what the API cannot do. A token the
    /// server refuses (`E_UNAUTHORIZED`, 125) is read again once; a server whose web backend does
    /// not take the session or the token at all cannot do `verb`, and says so in one line.
    @discardableResult
    public func backend(_ fields: [(String, String)], verb: String) throws(SyncError) -> HTTPResponse {
        // The web backend answers a dead session with its login page, never NOT_LOGGED_IN: one
        // API call first renews the session where needed.
        _ = try call("getApiLevel", [:], "checking the session")
        let sid = try sessionID()
        for attempt in 0..<2 {
            let token = try csrf(sid: sid, fresh: attempt > 0, verb: verb)
            var request = HTTPRequest.postForm(connection.url("backend.php"), fields: fields + [("csrf_token", token)])
            request.headers["Cookie"] = "ttrss_sid=\(sid)"
            let response = try connection.send(request)
            if response.status == 404 || response.status == 405 || response.status == 403 {
                throw Self.noBackend(verb, "its /backend.php answered HTTP \(response.status)")
            }
            if response.status >= 500 { throw .serverFailed(host: connection.base.host ?? "TT-RSS", status: response.status, doing: verb) }
            try connection.require(response, verb)
            // Most backend answers are not JSON (HTML, or empty); only a JSON error object matters here.
            if let object = try? JSONObject.parse(response.body) as? [String: Any],
               let error = (object["error"] as? [String: Any])?["code"] as? String {
                if error == "E_UNAUTHORIZED" && attempt == 0 { continue }
                throw Self.noBackend(verb, "its web backend refused the request (\(error))")
            }
            return response
        }
        throw Self.noBackend(verb, "its web backend refused the CSRF token")
    }

    /// `/backend.php` answers `verb` with an empty body or HTML: callers read the result back through the API.
    static func noBackend(_ verb: String, _ why: String) -> SyncError {
        .unsupported("this TT-RSS server cannot \(verb): its API has no call for it and \(why); nothing was changed")
    }

    private func csrf(sid: String, fresh: Bool, verb: String) throws(SyncError) -> String {
        if !fresh, let token = csrfToken.withLock({ $0 }) { return token }
        var request = HTTPRequest.get(connection.url("index.php"))
        request.headers["Cookie"] = "ttrss_sid=\(sid)"
        let response = try connection.send(request)
        guard response.isSuccess, let token = Self.csrfToken(in: response.text) else {
            throw Self.noBackend(verb, "its /index.php gave no CSRF token for the API session")
        }
        csrfToken.withLock { $0 = token }
        return token
    }

    /// `const __csrf_token = "…";` in the page's script.
    static func csrfToken(in page: String) -> String? {
        guard let match = page.firstMatch(of: /__csrf_token\s*=\s*"([^"]+)"/) else { return nil }
        return String(match.1)
    }
}

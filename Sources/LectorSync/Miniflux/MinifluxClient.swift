import FoundationEssentials
import LectorBasics
import LectorHTTP

/// Miniflux's REST API (`/v1`): an API token in `X-Auth-Token`, or HTTP Basic with user and password.
public struct MinifluxClient: Sendable {
    public let connection: ServiceConnection
    let user: String?
    let secret: String

    public init(_ connection: ServiceConnection, user: String?, secret: String) {
        self.connection = connection
        self.user = user
        self.secret = secret
    }

    /// The request with the account's credentials.
    public func authorized(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        if let user {
            request.headers["Authorization"] = "Basic " + Data("\(user):\(secret)".utf8).base64EncodedString()
        } else {
            request.headers["X-Auth-Token"] = secret
        }
        return request
    }

    /// `GET /v1/me`, plus `/v1/version` where the server has it.
    public func me() throws(SyncError) -> ServerInfo {
        let response = try connection.send(authorized(.get(connection.url("v1/me"))))
        if response.status == 401 || response.status == 403 {
            throw .authentication("\(connection.base.host ?? "Miniflux") refused the \(user == nil ? "API token" : "user and password") (HTTP \(response.status))")
        }
        try connection.require(response, "/v1/me")
        guard let object = try connection.json(response, "/v1/me") as? [String: Any], object["username"] != nil else {
            throw .protocolViolation("/v1/me did not describe a user")
        }
        var name = "Miniflux"
        // The version only decorates the server's name: a login that worked is not failed for it.
        if let version = try? connection.send(authorized(.get(connection.url("v1/version")))), version.isSuccess,
           let versionObject = try? JSONObject.parse(version.body) as? [String: Any],
           let number = versionObject["version"] as? String {
            name += " \(number)"
        }
        return ServerInfo(name: name, user: object["username"] as? String)
    }
}

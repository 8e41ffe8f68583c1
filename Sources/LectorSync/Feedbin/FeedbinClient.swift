import FoundationEssentials
import LectorHTTP

/// Feedbin API v2: HTTP Basic with e-mail and password.
public struct FeedbinClient: Sendable {
    public let connection: ServiceConnection
    let user: String
    let password: String

    public init(_ connection: ServiceConnection, user: String, password: String) {
        self.connection = connection
        self.user = user
        self.password = password
    }

    public func authorized(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.headers["Authorization"] = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        return request
    }

    /// `GET authentication.json`: 200 for a good login, 401 otherwise.
    public func checkAuth() throws(SyncError) -> ServerInfo {
        let response = try connection.send(authorized(.get(connection.url("authentication.json"))))
        if response.status == 401 { throw .authentication("Feedbin refused the e-mail and password (HTTP 401)") }
        try connection.require(response, "authentication.json")
        return ServerInfo(name: "Feedbin", user: user)
    }
}

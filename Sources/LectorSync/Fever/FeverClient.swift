import FoundationEssentials
import LectorBasics
import LectorHTTP

/// The Fever API: every call is a POST of `api_key` = md5("user:password") to `?api`. A wrong
/// key is not an HTTP error: the answer is 200 with `"auth": 0`.
public struct FeverClient: Sendable {
    public let connection: ServiceConnection
    let apiKey: String

    public init(_ connection: ServiceConnection, user: String, password: String) {
        self.connection = connection
        self.apiKey = MD5.hex(of: "\(user):\(password)")
    }

    /// POSTs to `?api&<query>` with the key; throws on `auth: 0`.
    public func call(_ query: [(String, String)] = [], fields: [(String, String)] = []) throws(SyncError) -> [String: Any] {
        var components = URLComponents(url: connection.base, resolvingAgainstBaseURL: false)!
        components.percentEncodedQuery = (["api"] + query.map { "\($0.0)=\($0.1)" }).joined(separator: "&")
        let response = try connection.send(.postForm(components.url!, fields: [("api_key", apiKey)] + fields))
        try connection.require(response, "the Fever API")
        guard let object = try connection.json(response, "the Fever API") as? [String: Any], object["api_version"] != nil else {
            throw .protocolViolation("the answer is not from a Fever API")
        }
        guard (object["auth"] as? Int ?? (object["auth"] as? String).flatMap(Int.init)) == 1 else {
            throw .authentication("\(connection.base.host ?? "the server") refused the Fever login (auth: 0): check the user and the API password")
        }
        return object
    }

    public func checkAuth() throws(SyncError) -> ServerInfo {
        let object = try call()
        return ServerInfo(name: "Fever API \(object["api_version"].map { "\($0)" } ?? "")", user: nil)
    }
}

import LectorBasics

/// A user of an emulated server.
public struct EmulatedAccount: Sendable, Equatable {
    /// The login name.
    public var username: String
    /// The API password (FreshRSS) or account password (Miniflux, Feedbin).
    public var password: String
    /// The e-mail address reported by user-info.
    public var email: String

    /// Creates an account.
    public init(username: String, password: String, email: String? = nil) {
        self.username = username
        self.password = password
        self.email = email ?? "\(username)@example.invalid"
    }

    /// The 40-hex secret FreshRSS derives from the API password (stable across logins).
    var greaderHash: String {
        String((MD5.hex(of: "\(username):\(password)") + MD5.hex(of: "\(password):\(username)")).prefix(40))
    }

    /// The GReader `Auth` value: `<user>/<40 hex>`.
    public var greaderAuth: String { "\(username)/\(greaderHash)" }

    /// The GReader action token: the 40 hex padded with 17 `Z`.
    public var greaderToken: String { greaderHash + String(repeating: "Z", count: 17) }

    /// The Fever api_key: md5("user:password") in lowercase hex.
    public var feverAPIKey: String { MD5.hex(of: "\(username):\(password)") }
}

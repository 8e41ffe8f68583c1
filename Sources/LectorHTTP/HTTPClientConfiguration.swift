/// Limits and identity for an `HTTPClient`.
public struct HTTPClientConfiguration: Sendable, Equatable {
    /// The app version used in the default User-Agent.
    public static let defaultVersion = "0.1.0"

    /// The `User-Agent` sent with every request.
    public var userAgent: String
    /// The overall deadline per request (connect + redirects + whole body); enforced by the client.
    public var deadline: Duration
    /// The longest wait for the server to answer (rounded up to whole seconds, at least 1 s).
    public var idleTimeout: Duration
    /// The largest body accepted; a bigger one fails with `.bodyTooLarge`.
    public var maxBodyBytes: Int
    /// The most redirects followed for one request.
    public var maxRedirects: Int

    /// Creates a configuration; defaults suit feed fetching and sync calls.
    public init(userAgent: String = "Lector/\(HTTPClientConfiguration.defaultVersion)",
                deadline: Duration = .seconds(60), idleTimeout: Duration = .seconds(20),
                maxBodyBytes: Int = 5 * 1024 * 1024, maxRedirects: Int = 10) {
        self.userAgent = userAgent
        self.deadline = deadline
        self.idleTimeout = idleTimeout
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
    }
}

extension Duration {
    /// The duration in seconds as a `Double`.
    var seconds: Double {
        let (whole, attos) = components
        return Double(whole) + Double(attos) / 1e18
    }
}

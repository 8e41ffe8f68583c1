/// Limits and identity for an `HTTPClient`.
public struct HTTPClientConfiguration: Sendable, Equatable {
    /// The app version used in the default User-Agent.
    public static let defaultVersion = "0.1.0"

    /// The `User-Agent` sent with every request.
    public var userAgent: String
    /// The overall deadline per request (connect + redirects + whole body); setting `network.timeout`.
    public var deadline: Duration
    /// The longest silence from the server while a request is open; setting `network.idle-timeout`.
    public var idleTimeout: Duration
    /// The longest wait for a TCP and TLS connection; setting `network.connect-timeout`.
    public var connectTimeout: Duration
    /// The largest body accepted, counted after decompression; a bigger one fails with `.bodyTooLarge`.
    public var maxBodyBytes: Int
    /// The most redirects followed for one request.
    public var maxRedirects: Int

    /// Creates a configuration; defaults suit feed fetching and sync calls.
    public init(userAgent: String = "Lector/\(HTTPClientConfiguration.defaultVersion)",
                deadline: Duration = .seconds(60), idleTimeout: Duration = .seconds(20),
                connectTimeout: Duration = .seconds(15),
                maxBodyBytes: Int = 5 * 1024 * 1024, maxRedirects: Int = 10) {
        self.userAgent = userAgent
        self.deadline = deadline
        self.idleTimeout = idleTimeout
        self.connectTimeout = connectTimeout
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

    /// The duration in whole milliseconds, at least 1 (libcurl reads 0 as "no limit").
    var curlMilliseconds: Int {
        max(1, Int((seconds * 1000).rounded(.up)))
    }
}

import Foundation

/// A real HTTP/1.1 server on 127.0.0.1 with an ephemeral port, one thread per connection,
/// keep-alive, a request log and runtime fault injection.
public final class LoopbackServer: Sendable {
    private let core: LoopbackServerCore
    /// The IPv4 address listened on.
    public let address: String

    /// Starts listening at once; `handler` answers every request not overridden by a fault.
    public init(handler: @escaping @Sendable (ServerRequest) -> ServerResponse) throws(LoopbackServerError) {
        core = try LoopbackServerCore(handler: handler)
        address = "127.0.0.1"
    }

    /// Listens on another of this machine's IPv4 addresses (see `LocalAddress`): a server that is
    /// here but is not loopback, for the plain-http rule.
    public init(listeningOn address: String, handler: @escaping @Sendable (ServerRequest) -> ServerResponse) throws(LoopbackServerError) {
        core = try LoopbackServerCore(address: address, handler: handler)
        self.address = address
    }

    deinit { core.stop() }

    /// The port the server listens on.
    public var port: UInt16 { core.port }

    /// `http://127.0.0.1:<port>` (no trailing slash), or the address listened on.
    public var baseURL: URL { URL(string: "http://\(address):\(port)")! }

    /// The same server addressed as `localhost` — a different origin for redirect tests.
    public var localhostURL: URL { URL(string: "http://localhost:\(port)")! }

    /// A URL on this server for `pathAndQuery` (which starts with "/").
    public func url(_ pathAndQuery: String) -> URL { URL(string: baseURL.absoluteString + pathAndQuery)! }

    /// Stops accepting and closes every open connection; safe to call twice.
    public func stop() { core.stop() }

    /// Every request received so far, in arrival order (after `stripAuthorization`).
    public var requests: [ServerRequest] { core.requests }

    /// Forgets the logged requests.
    public func clearLog() { core.clearLog() }

    /// Applies `fault` to the next `count` requests (nil: until `clearFaults`).
    public func inject(_ fault: ServerFault, count: Int? = nil) { core.inject(fault, count: count) }

    /// Removes every injected fault.
    public func clearFaults() { core.clearFaults() }
}

/// Why a request produced no HTTP response. HTTP statuses (4xx/5xx) are responses, not errors.
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL is not an absolute http(s) URL with a host.
    case invalidURL(String)
    /// The host refused the connection (nothing listening, or a firewall reset).
    case cannotConnect(host: String)
    /// No data within the idle timeout, or the overall deadline passed.
    case timedOut(host: String)
    /// The host name could not be resolved or there is no network.
    case offline(host: String)
    /// The connection was made but dropped before a complete response arrived.
    case connectionLost(host: String)
    /// The TLS handshake or the certificate check failed; which one decides the advice.
    case tls(host: String, TLSFailure)
    /// The caller cancelled the request.
    case cancelled(host: String)
    /// The body exceeded the configured size cap (in bytes).
    case bodyTooLarge(host: String, limit: Int)
    /// Redirects looped or exceeded the hop limit.
    case tooManyRedirects(host: String)
    /// The server answered with something that is not valid HTTP.
    case badResponse(host: String)
    /// A secret would go over plain http to a host that is not only this machine, without the
    /// user's consent; refused before connecting.
    case insecureSecret(host: String)
    /// libcurl (opened on the first request, not at start-up) could not be loaded; the loader's reason.
    case libraryMissing(String)

    /// The host the failure concerns ("?" for an unusable URL).
    public var host: String {
        switch self {
        case .invalidURL, .libraryMissing: return "?"
        case .cannotConnect(let host), .timedOut(let host), .offline(let host), .connectionLost(let host),
             .tls(let host, _), .cancelled(let host), .bodyTooLarge(let host, _), .tooManyRedirects(let host),
             .badResponse(let host), .insecureSecret(let host):
            return host
        }
    }

    /// One line a user can act on; names the host, never credentials or query strings.
    public var message: String {
        switch self {
        case .invalidURL(let reason): return "Invalid URL: \(reason)."
        case .cannotConnect(let host): return "Could not connect to \(host): connection refused. Is the server running and the address right?"
        case .timedOut(let host): return "\(host) did not answer in time. Try again later, or raise the network.timeout or network.idle-timeout setting."
        case .offline(let host): return "Could not reach \(host): the name does not resolve or the network is down."
        case .connectionLost(let host): return "The connection to \(host) was lost before the response was complete. Try again."
        case .tls(let host, .handshake):
            return "Secure connection to \(host) failed: it did not answer the TLS handshake (a server that speaks plain http on this port?)."
        case .tls(let host, .certificate):
            return "Secure connection to \(host) refused: its certificate is not trusted (expired, self-signed, or for another name)."
        case .cancelled(let host): return "The request to \(host) was cancelled."
        case .bodyTooLarge(let host, let limit): return "The response from \(host) is larger than the \(limit)-byte limit."
        case .tooManyRedirects(let host): return "\(host) redirected too many times (a redirect loop?)."
        case .badResponse(let host): return "\(host) sent a response that is not valid HTTP."
        case .insecureSecret(let host):
            return "Refused to send a login over plain http to \(host): it is not (or no longer) only this machine, and no consent is stored. "
                + "Use an https:// address, or consent to sending it unencrypted with --allow-insecure "
                + "('lector account password NAME --allow-insecure' for an account, 'feed add --allow-insecure' again for a feed)."
        case .libraryMissing(let reason):
            return "Network access needs libcurl, which could not be loaded (\(reason)): install it with `apt-get install libcurl4`."
        }
    }

    /// True when the network (not the request or the server's content) failed, so a later retry may work.
    public var isNetworkFailure: Bool {
        switch self {
        case .cannotConnect, .timedOut, .offline, .connectionLost: return true
        case .invalidURL, .tls, .cancelled, .bodyTooLarge, .tooManyRedirects, .badResponse, .libraryMissing, .insecureSecret:
            return false
        }
    }

    /// Same as `message`.
    public var description: String { message }
}

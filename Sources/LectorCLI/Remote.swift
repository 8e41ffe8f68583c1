import FoundationEssentials
import Glibc
import LectorAccounts
import LectorFeeds
import LectorHTTP
import LectorSettings
import LectorStore
import LectorSync

extension Session {
    /// The session's HTTP client, with the deadlines of the `network.*` settings; made anew only
    /// when those settings changed (in the REPL), not on every use.
    var http: HTTPClient {
        let configuration = httpConfiguration
        if let client = sharedHTTPClient, client.configuration == configuration { return client }
        let client = HTTPClient(configuration: configuration)
        sharedHTTPClient = client
        return client
    }

    /// The `network.*` settings as client limits (the defaults when the settings cannot be read).
    var httpConfiguration: HTTPClientConfiguration {
        // Settings fail to read only when the store does, and every command that goes to the
        // network uses the store too, which then reports that error itself.
        guard let preferences = try? preferences() else { return HTTPClientConfiguration() }
        return HTTPClientConfiguration(deadline: .seconds(preferences.networkTimeoutSeconds),
                                       idleTimeout: .seconds(preferences.networkIdleTimeoutSeconds),
                                       connectTimeout: .seconds(preferences.networkConnectTimeoutSeconds))
    }
}

/// Runs a provider call, mapping its failure onto the CLI's exit codes.
func remote<T>(_ body: () throws(SyncError) -> T) throws(CLIError) -> T {
    do { return try body() } catch { throw CLIError(error) }
}

extension CLIError {
    /// A failed fetch of `url`, with the plain-http hint where the failure calls for it.
    init(_ error: FetchError, fetching url: URL) {
        self.init(error)
        if case .network(let cause) = error { self = plainHTTPHint(for: url, cause: cause) }
    }

    init(_ error: FetchError) {
        switch error {
        case .network(let cause): self = .network(cause.message)
        case .authentication(let message): self = .authentication(message)
        case .http(let status, let url): self = status == 404 || status == 410 ? .notFound("\(url) answered HTTP \(status)") : .network("\(url) answered HTTP \(status)")
        case .parse(let parseError): self = .failure(parseError.message)
        case .cancelled: self = .interrupted
        }
    }
}

extension CLIError {
    /// An https request that got no TLS handshake most often reached a server that speaks plain
    /// http: say so, with the address to try. A certificate that is not trusted is no such case —
    /// plain http would only send the same request unprotected — and gets no hint.
    func plainHTTPHint(for url: URL, cause: HTTPError) -> CLIError {
        guard case .network(let message) = self, url.scheme?.lowercased() == "https", case .tls(_, .handshake) = cause else { return self }
        var plain = URLComponents(url: url, resolvingAgainstBaseURL: false)
        plain?.scheme = "http"
        let sentence = message.hasSuffix(".") ? String(message.dropLast()) : message
        return .network(sentence + "; the server may speak plain http, not https: try \(plain?.url?.absoluteString ?? "http://…")")
    }
}

/// What users type as a URL: a scheme is added when missing, by the same rule as for accounts
/// (loopback → http, otherwise https), and the guess is printed as a note.
enum TypedURL {
    static func parse(_ text: String) throws(CLIError) -> URL {
        let (withScheme, note) = AccountEndpoint.withScheme(text)
        if let note { Console.note(note) }
        guard let url = URL(string: withScheme), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host?.isEmpty == false else {
            throw .usage("'\(text)' is not a web address")
        }
        return url
    }
}

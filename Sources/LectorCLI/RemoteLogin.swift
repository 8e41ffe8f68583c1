import FoundationEssentials
import Glibc
import LectorBasics
import LectorHTTP
import LectorSync

/// Logging in to a service from the CLI, with sync failures mapped onto exit codes.
enum RemoteLogin {
    static func verify(_ kind: AccountKind, endpoint: AccountEndpoint, user: String?, secret: String,
                       http: HTTPClient = HTTPClient(), plainHTTPConsented: Bool = false) throws(CLIError) -> (url: URL, info: ServerInfo) {
        do {
            return try ServiceLogin.verify(kind: kind, endpoint: endpoint, user: user, secret: secret, http: http,
                                           plainHTTPConsented: plainHTTPConsented)
        } catch .rejected(let message) {
            // At login a refusal means the address serves no such API: nothing to conflict with.
            throw CLIError.notFound(message)
        } catch {
            guard case .transport(let cause) = error, let url = endpoint.candidates.first else { throw CLIError(error) }
            throw CLIError(error).plainHTTPHint(for: url, cause: cause)
        }
    }
}

extension CLIError {
    init(_ error: SyncError) {
        switch error {
        case .authentication(let message): self = .authentication(message)
        case .serverFailed, .marksUnconfirmed, .transport, .rateLimited: self = .network(error.description)
        case .unsupported(let message): self = .usage(message)
        // The server answered with an error (no feed it can subscribe to, an HTTP error), or not as
        // its API does: "answered with an error" (exit 6), not a conflict with anything here. At
        // login, `RemoteLogin.verify` makes a refusal "no such API".
        case .rejected(let message), .protocolViolation(let message): self = .network(message)
        case .store(let storeError): self = CLIError.from(storeError)
        case .alreadySyncing: self = .alreadySyncing(error.description)
        }
    }
}

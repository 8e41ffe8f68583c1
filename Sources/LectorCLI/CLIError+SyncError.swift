import LectorSync

/// Sync failures mapped onto exit codes.
extension CLIError {
    init(_ error: SyncError) {
        switch error {
        case .authentication(let message): self = .authentication(message)
        case .serverFailed, .marksUnconfirmed, .transport, .rateLimited: self = .network(error.description)
        case .unsupported(let message): self = .usage(message)
        // The server answered with an error (no feed it can subscribe to, an HTTP error), or not as
        // its API does: "answered with an error" (exit 6), not a conflict with anything here. At
        // login, `AccountsError.login` makes a refusal "no such API".
        case .rejected(let message), .protocolViolation(let message): self = .network(message)
        // The server did part of it and says it cannot do the rest: nothing here conflicts, and trying again does not help.
        case .kept(let message): self = .failure(message)
        case .store(let storeError): self = CLIError.from(storeError)
        case .alreadySyncing: self = .alreadySyncing(error.description)
        }
    }
}

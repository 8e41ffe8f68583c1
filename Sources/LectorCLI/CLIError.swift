import LectorAccounts
import LectorSettings
import LectorStore
import LectorSync

/// A failed command: one line for the user and the exit code it maps to.
public enum CLIError: Error, Sendable, Equatable, CustomStringConvertible {
    case usage(String)
    case notFound(String)
    case conflict(String)
    case authentication(String)
    case network(String)
    case failure(String)
    /// Another Lector process is syncing the account (exit code 4, like any clash with current
    /// state); its own case so an automatic sync can skip the account instead of failing.
    case alreadySyncing(String)
    /// Part of the work was done, part failed (the failures are in the message).
    case partial(String)
    case interrupted

    /// The error of a given exit status, for output that ends a command with that status.
    static func with(_ status: ExitStatus, _ message: String) -> CLIError {
        switch status {
        case .usage: .usage(message)
        case .notFound: .notFound(message)
        case .conflict: .conflict(message)
        case .authentication: .authentication(message)
        case .network: .network(message)
        case .partial: .partial(message)
        case .interrupted: .interrupted
        case .ok, .failure: .failure(message)
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .usage: .usage
        case .notFound: .notFound
        case .conflict, .alreadySyncing: .conflict
        case .authentication: .authentication
        case .network: .network
        case .failure: .failure
        case .partial: .partial
        case .interrupted: .interrupted
        }
    }

    public var description: String {
        switch self {
        case .usage(let message), .notFound(let message), .conflict(let message),
             .authentication(let message), .network(let message), .failure(let message), .alreadySyncing(let message),
             .partial(let message):
            message
        case .interrupted:
            "interrupted"
        }
    }

    /// Runs core work, mapping whatever it throws onto the CLI's vocabulary.
    @discardableResult
    static func catching<T>(_ body: () throws -> T) throws(CLIError) -> T {
        do { return try body() } catch { throw from(error) }
    }

    /// Maps any error a command lets escape onto the CLI's vocabulary.
    static func from(_ error: any Error) -> CLIError {
        switch StoreError.unwrapped(error) {
        case let error as CLIError: return error
        case let error as AccountsError: return CLIError(error)
        case let error as SettingsError:
            switch error {
            case .unknownKey: return .notFound(error.message)
            case .storage: return .failure(error.message)
            default: return .usage(error.message)
            }
        case let error as AccountEndpointError:
            return .usage(error.description)
        case let error as BackupError:
            return .failure(error.message)
        case let error as StoreError:
            switch error {
            case .notFound: return .notFound(error.description)
            case .conflict: return .conflict(error.description)
            default: return .failure(error.description)
            }
        default:
            return .failure("\(error)")
        }
    }
}

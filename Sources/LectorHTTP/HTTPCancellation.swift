import Foundation

/// Ctrl-C for the network: ends every transfer in flight, in every client, at once (each fails
/// with `HTTPError.cancelled`), and makes new sends fail the same way until `resume()`.
/// Thread-safe; call it from a watcher thread, never from a signal handler.
public enum HTTPCancellation {
    public static func cancelAll() {
        let aborts = registry.lock.withLock {
            registry.cancelling = true
            return Array(registry.live.values)
        }
        for abort in aborts { abort() }
    }

    public static func resume() {
        registry.lock.withLock { registry.cancelling = false }
    }

    public static var isCancelling: Bool {
        registry.lock.withLock { registry.cancelling }
    }

    /// Registers how to abort a transfer; false (and nothing registered) while cancelling.
    static func track(_ key: ObjectIdentifier, abort: @escaping @Sendable () -> Void) -> Bool {
        registry.lock.withLock {
            guard !registry.cancelling else { return false }
            registry.live[key] = abort
            return true
        }
    }

    static func forget(_ key: ObjectIdentifier) {
        _ = registry.lock.withLock { registry.live.removeValue(forKey: key) }
    }

    private final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var cancelling = false
        var live: [ObjectIdentifier: @Sendable () -> Void] = [:]
    }

    private static let registry = Registry()
}

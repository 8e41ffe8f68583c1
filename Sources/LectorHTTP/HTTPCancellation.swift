import FoundationEssentials
import Synchronization

/// Process-wide cancellation of HTTP traffic, for the CLI's Ctrl-C: a watcher thread calls
/// `cancelAll()`, every transfer in flight on every client ends with `HTTPError.cancelled`, and new
/// requests fail the same way until `resume()`. Not for use inside a signal handler (it locks).
public enum HTTPCancellation {
    private static let cancelling = Mutex(false)

    /// Ends every in-flight transfer of every live client with `.cancelled`; returns at once.
    public static func cancelAll() {
        cancelling.withLock { $0 = true }
        for engine in LiveEngines.all() { engine.cancelEverything() }
    }

    /// Lets new requests through again.
    public static func resume() {
        cancelling.withLock { $0 = false }
    }

    /// True between `cancelAll()` and `resume()`.
    public static var isCancelling: Bool {
        cancelling.withLock { $0 }
    }
}

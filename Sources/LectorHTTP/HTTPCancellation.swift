import FoundationEssentials
import LectorBasics

/// Process-wide cancellation of HTTP traffic, for the CLI's Ctrl-C: a watcher thread calls
/// `cancelAll()`, every transfer in flight on every client ends with `HTTPError.cancelled`, and new
/// requests fail the same way until `resume()`. Not for use inside a signal handler (it locks).
public enum HTTPCancellation {
    private static let lock = Lock()
    nonisolated(unsafe) private static var cancelling = false

    /// Ends every in-flight transfer of every live client with `.cancelled`; returns at once.
    public static func cancelAll() {
        lock.withLock { cancelling = true }
        for engine in LiveEngines.all() { engine.cancelEverything() }
    }

    /// Lets new requests through again.
    public static func resume() {
        lock.withLock { cancelling = false }
    }

    /// True between `cancelAll()` and `resume()`.
    public static var isCancelling: Bool {
        lock.withLock { cancelling }
    }
}

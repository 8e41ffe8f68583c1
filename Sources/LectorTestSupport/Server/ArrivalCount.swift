import Foundation

/// Counts requests as they reach a handler, before it answers: the server's own log records a
/// request only once it is answered, too late for a test that holds answers back.
public final class ArrivalCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    public init() {}

    public func add() {
        lock.withLock { value += 1 }
    }

    public var count: Int {
        lock.withLock { value }
    }
}

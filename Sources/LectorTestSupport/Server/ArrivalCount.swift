import Foundation
import Synchronization

/// Counts requests as they reach a handler, before it answers: the server's own log records a
/// request only once it is answered, too late for a test that holds answers back.
public final class ArrivalCount: Sendable {
    private let value = Mutex(0)

    public init() {}

    public func add() {
        value.withLock { $0 += 1 }
    }

    public var count: Int {
        value.withLock { $0 }
    }
}

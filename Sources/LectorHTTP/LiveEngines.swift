import FoundationEssentials
import LectorBasics

/// The transfer engines whose threads are running, so `HTTPCancellation` can reach them all.
enum LiveEngines {
    private final class WeakEngine {
        weak var engine: TransferEngine?
        init(_ engine: TransferEngine) { self.engine = engine }
    }

    private static let lock = Lock()
    nonisolated(unsafe) private static var engines: [ObjectIdentifier: WeakEngine] = [:]

    static func add(_ engine: TransferEngine) {
        lock.withLock { engines[ObjectIdentifier(engine)] = WeakEngine(engine) }
    }

    static func remove(_ engine: TransferEngine) {
        _ = lock.withLock { engines.removeValue(forKey: ObjectIdentifier(engine)) }
    }

    static func all() -> [TransferEngine] {
        lock.withLock { engines.values.compactMap(\.engine) }
    }
}

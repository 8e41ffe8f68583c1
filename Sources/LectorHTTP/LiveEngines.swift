import FoundationEssentials
import Synchronization

/// The transfer engines whose threads are running, so `HTTPCancellation` can reach them all.
enum LiveEngines {
    private final class WeakEngine {
        weak var engine: TransferEngine?
        init(_ engine: TransferEngine) { self.engine = engine }
    }

    private static let engines = Mutex<[ObjectIdentifier: WeakEngine]>([:])

    static func add(_ engine: TransferEngine) {
        engines.withLock { $0[ObjectIdentifier(engine)] = WeakEngine(engine) }
    }

    static func remove(_ engine: TransferEngine) {
        _ = engines.withLock { $0.removeValue(forKey: ObjectIdentifier(engine)) }
    }

    static func all() -> [TransferEngine] {
        engines.withLock { $0.values.compactMap(\.engine) }
    }
}

import CSQLite
import FoundationEssentials
import LectorBasics
import Synchronization

/// A test hook: makes every write statement from the N-th one on fail as a full disk (or a
/// locked store) would, so tests and the crash suite can check that a store error ends a command
/// cleanly. Read once from `LECTOR_TEST_STORE_FAULT` (`full@N` or `busy@N`, N counted from 1
/// over the statements of this process that change the database); off when unset, which costs
/// one atomic read per write statement.
public enum StoreFaultInjection {
    /// The environment variable the binary reads.
    public static let variable = "LECTOR_TEST_STORE_FAULT"

    struct Plan {
        let code: Int32
        let message: String
        let firstFailingWrite: Int
        var writes = 0
    }

    private static let plan = Mutex<Plan?>(parse(ProcessEnvironment.value(variable)))

    /// Arms (or with nil, disarms) the fault in this process, for in-process tests.
    public static func arm(_ specification: String?) {
        plan.withLock { $0 = parse(specification) }
    }

    static func parse(_ text: String?) -> Plan? {
        guard let text, let at = text.firstIndex(of: "@"), let count = Int(text[text.index(after: at)...]), count >= 1 else { return nil }
        switch text[..<at] {
        case "full": return Plan(code: SQLITE_FULL, message: "database or disk is full", firstFailingWrite: count)
        case "busy": return Plan(code: SQLITE_BUSY, message: "database is locked", firstFailingWrite: count)
        default: return nil
        }
    }

    /// Counts one write statement; the error it must fail with, if the plan says so.
    static func nextWrite(sql: String) -> DatabaseError? {
        plan.withLock { plan in
            guard plan != nil else { return nil }
            plan!.writes += 1
            guard plan!.writes >= plan!.firstFailingWrite else { return nil }
            return DatabaseError(code: plan!.code, message: plan!.message, sql: sql)
        }
    }
}

import Foundation
import LectorBasics
import Testing
@testable import LectorSettings

/// Checking a backup's rules and saved searches, and planning their restore, take time linear in
/// their number (issue 39, P9: each name was compared with every one before it, and 50,000 rules
/// took 78 s). Not a timing against a clock: the time for four times the rules is compared with
/// the time for one, which is about 4 when linear and 16 when quadratic.
@Suite("Rules in a backup are checked in linear time", .serialized)
struct BackupRulesScaleTests {
    static func backup(rules count: Int) -> Data {
        mutatedBackup { root in
            root["rules"] = .array((0..<count).map { index in
                ["name": .string("rule \(index)"), "expression": "title contains storm", "action": "read", "enabled": true,
                 "account": "home", "feed": index % 2 == 0 ? "https://tech.example.org/feed.xml" : .null,
                 "folder": index % 4 == 1 ? "Tech" : .null]
            })
            root["saved_searches"] = .array((0..<count).map { index in ["name": .string("search \(index)"), "expression": "unread"] })
        }
    }

    /// Reads the file and plans its restore against a machine holding the same rules and searches.
    static func checkAndPlan(_ bytes: Data) throws -> Int {
        let (document, _) = try BackupReader.read(bytes)
        let current = BackupState(accounts: document.accounts, subscriptions: sampleSubscriptions, rules: document.rules ?? [],
                                  savedSearches: document.savedSearches ?? [])
        let plan = BackupPlan(current: current, document: document, sections: [.rules, .savedSearches], removeMissing: true)
        return (document.rules?.count ?? 0) + plan.changes.count + plan.rulesToWrite(from: document).count
    }

    static func seconds(_ work: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            try work()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    @Test("four times the rules and searches take about four times as long, not sixteen")
    func linear() throws {
        let small = Self.backup(rules: 1_000), large = Self.backup(rules: 4_000)
        #expect(try Self.checkAndPlan(large) == 8_000, "every rule read and written, none changed")
        let smallTime = try Self.seconds { _ = try Self.checkAndPlan(small) }
        let largeTime = try Self.seconds { _ = try Self.checkAndPlan(large) }
        let ratio = largeTime / smallTime
        print("backup rules check: 1,000 rules \(smallTime) s, 4,000 rules \(largeTime) s, ratio \(ratio)")
        #expect(ratio < 8, "4,000 rules took \(ratio)× the time of 1,000 (\(largeTime) s against \(smallTime) s): quadratic")
    }

    @Test("a duplicate name among many is still found, in any case")
    func duplicateAmongMany() {
        var bytes = Self.backup(rules: 3_000)
        guard case .object(var root) = try? JSONValue(parsing: bytes), case .array(var rules) = root["rules"],
              case .object(var last) = rules[2_999] else { Issue.record("no rules"); return }
        last["name"] = "RULE 17"
        rules[2_999] = .object(last)
        root["rules"] = .array(rules)
        bytes = JSONValue.object(root).canonicalData(pretty: false)
        guard case .invalid(_, let found) = backupError(bytes) else { Issue.record("the duplicate was not found"); return }
        #expect(found.map(\.description) == ["rules[2999].name: a rule named 'RULE 17' is listed twice"], "\(found)")
    }
}

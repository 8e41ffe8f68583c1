import Foundation
import Testing
import LectorKeyring

extension KeyringTests {
    @Suite("latency")
    struct Latency {
        let keyring = LibsecretKeyring()
        let rounds = 50

        func milliseconds(_ body: () throws -> Void) rethrows -> Double {
            let start = ContinuousClock.now
            try body()
            let elapsed = ContinuousClock.now - start
            return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        }

        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

        @Test("store, lookup and remove each take a few milliseconds (median of 50, printed)")
        func medians() throws {
            let id = TestKeyring.uniqueID("bench")
            let items = (0..<rounds).map {
                SecretItem.account(id: id, kind: "freshrss", server: "bench.example.com", user: "user\($0)")
            }
            defer { _ = try? keyring.removeAll(accountID: id) }

            let stores = try items.map { item in try milliseconds { try keyring.store("pw-\(item.hashValue)", for: item) } }
            var found = 0
            let lookups = try items.map { item in
                try milliseconds { if try keyring.secret(for: item) != nil { found += 1 } }
            }
            var removed = 0
            let removes = try items.map { item in try milliseconds { if try keyring.remove(item) { removed += 1 } } }

            print(String(format: "keyring latency, median of %d: store %.2f ms, lookup %.2f ms, remove %.2f ms",
                         rounds, median(stores), median(lookups), median(removes)))
            #expect(found == rounds, "every stored item must be found")
            #expect(removed == rounds, "every stored item must be removed")
            #expect(median(stores) < 250 && median(lookups) < 250 && median(removes) < 250,
                    "keyring calls should take milliseconds, not a quarter second")
        }
    }
}

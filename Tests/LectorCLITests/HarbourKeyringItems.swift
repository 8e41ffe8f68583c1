import Testing

/// The suites that keep a secret in the run's one test keyring under the harbour feed run one at
/// a time. A feed's setting secrets are keyed by its id and address, and every test home numbers
/// its feeds from 1 with the harbour feed at the same address, so two of these suites running side
/// by side read and remove each other's cookie: a second `feed apply` once found the cookie of
/// another suite's test and planned to change it (test.sh, 2026-12-06).
struct HarbourKeyringItems: SuiteTrait, TestScoping {
    private static let gate = SuiteGate()

    /// The scope of a whole suite, not of each of its tests (they are serialized within it already).
    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? { test.isSuite ? self : nil }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        await Self.gate.enter()
        do {
            try await function()
        } catch {
            await Self.gate.leave()
            throw error
        }
        await Self.gate.leave()
    }
}

extension Trait where Self == HarbourKeyringItems {
    /// Runs the suite apart from the other suites that keep secrets under the harbour feed.
    static var harbourKeyringItems: Self { Self() }
}

/// One suite at a time; the others wait suspended, holding no thread.
private actor SuiteGate {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
}

import Foundation
import LectorStore
import LectorTestSupport
import LectorSync
import Testing

/// What the randomized sync property test needs from one provider's test set-up: a server
/// emulator it can reach behind the provider (to play "another client" and inject faults), a real
/// store and the provider. Miniflux and Feedbin plug in by conforming.
protocol SyncPropertyHarness: AnyObject {
    /// Said in failure messages, e.g. "GReader (FreshRSS)".
    var label: String { get }
    var store: Store { get }
    var account: Account { get }
    var provider: any SyncProvider { get }
    /// Builds the provider again, as a new Lector process would (no cached session or token).
    func renewProvider() throws
    /// Every article on the server, by the server id the store uses.
    func serverFlags() -> [String: ArticleFlags]
    /// Another client of the same server changes one flag.
    func anotherClientSets(_ field: ArticleField, of serverID: String, to value: Bool)
    /// The server receives a new (unread, unstarred) article; returns its server id.
    func serverPublishesArticle() -> String
    /// Makes the next sync meet `fault`.
    func arm(_ fault: PropertyFault)
    /// Whether the server can list fewer unread ids than it says it has (`shortUnreadList`),
    /// which the provider must report as a partial set.
    var canServeShortIDList: Bool { get }
    /// Removes every fault.
    func disarm()
    /// Whether the server compares a mark-all-read's time as exactly as its arrival order (µs:
    /// GReader, Feedbin), so the model knows which articles it covers; Fever (`before` in whole
    /// seconds) and Miniflux (the server's own now, in seconds) blur what arrived in that second.
    var marksScopesExactly: Bool { get }
    /// The server ids of every article of the feed titled `title` on the server now.
    func serverArticles(inFeed title: String) -> [String]
    /// Reads are answered from a copy of the server as it is now until `thawServerReads`, while
    /// writes reach the live data (the "stale snapshot" that does not yet include a push).
    func freezeServerReads()
    func thawServerReads()
}

enum ArticleField: String, CaseIterable, Sendable { case read, starred }

struct ArticleFlags: Equatable, CustomStringConvertible {
    var read: Bool
    var starred: Bool

    subscript(field: ArticleField) -> Bool {
        get { field == .read ? read : starred }
        set { if field == .read { read = newValue } else { starred = newValue } }
    }

    var description: String { "\(read ? "read" : "unread")/\(starred ? "starred" : "unstarred")" }
}

/// A misbehaviour met by one sync; `request` counts the requests of that sync from 0.
enum PropertyFault: CustomStringConvertible {
    /// No connection at all for the whole sync.
    case offline
    /// The connection breaks before the server sees request n.
    case dropConnection(request: Int)
    /// The server applies request n, then the answer is lost.
    case loseAnswer(request: Int)
    /// Request n gets this 5xx without the server acting.
    case serverError(request: Int, status: Int)
    /// Request n gets 429 with Retry-After.
    case rateLimited(request: Int)
    /// The unread id list leaves one id out while its total still counts it (Miniflux): an
    /// incomplete set, which must never mark anything read.
    case shortUnreadList

    var description: String {
        switch self {
        case .offline: "offline"
        case .dropConnection(let n): "connection dropped at request \(n)"
        case .loseAnswer(let n): "answer lost at request \(n)"
        case .serverError(let n, let status): "HTTP \(status) at request \(n)"
        case .rateLimited(let n): "429 at request \(n)"
        case .shortUnreadList: "unread id list short of its total"
        }
    }
}

/// One randomized run: local actions, another client's actions, faults and syncs in a seeded
/// random order, then a fault-free sync and the checks — the invariants of `StepInvariants`
/// after every step, and the expected final state at the end.
///
/// The expected final state is the sequence of writes as the server applies them, per article
/// and flag: another client's write counts at once; a local change counts when made (local
/// intent wins until acknowledged, and an unacknowledged intent is always pushed after any
/// server change that preceded its acknowledgement), so another client's write overrides it only
/// once the engine has acknowledged it (its queue row is gone). A local action that changes
/// nothing locally queues nothing and is no write.
final class SyncPropertyRun {
    let seed: UInt64
    let steps: Int
    private(set) var trace: [String] = []
    private var random: SeededGenerator
    /// Per article and flag: the value the last write in server order leaves.
    private var expected: [String: ArticleFlags] = [:]
    /// Local changes the engine has not acknowledged yet.
    private var pending: [String: [ArticleField: Bool]] = [:]
    /// Articles a mark-all-read covered that the store did not hold then: never shown, so the
    /// "stays shown" check does not apply to them.
    private var coveredUnheld: Set<String> = []
    /// What broke at which step (the first few steps that broke something).
    private var stepViolations: [String] = []

    init(seed: UInt64, steps: Int) {
        self.seed = seed
        self.steps = steps
        random = SeededGenerator(seed: seed)
    }

    /// The user changes one flag of a random local article.
    private func localAction(_ harness: any SyncPropertyHarness, _ context: String) {
        // Sorted: dictionary order changes from process to process, and a seed must replay exactly.
        guard let articles = try? localArticles(harness),
              let key = articles.keys.sorted().randomElement(using: &random), let article = articles[key] else { return }
        let field = ArticleField.allCases.randomElement(using: &random)!
        let value = Bool.random(using: &random)
        let changed: Int
        do {
            changed = field == .read
                ? try harness.store.states.setRead([article.id], to: value ? .read : .unread)
                : try harness.store.states.setStarred([article.id], to: value)
        } catch {
            trace.append("\(context)local \(field) \(key) = \(value) FAILED: \(error)")
            return
        }
        trace.append("\(context)local \(field) \(key) = \(value)\(changed == 0 ? " (no change, nothing queued)" : "")")
        guard changed > 0 else { return }
        pending[key, default: [:]][field] = value
        expected[key, default: ArticleFlags(read: false, starred: false)][field] = value
    }

    /// The user marks all of Feed 1 read: every article the server has in it now is read in the
    /// model, a local change until the engine acknowledged the scope read.
    private func localMarkAllRead(_ harness: any SyncPropertyHarness, _ context: String) {
        guard let feed = try? harness.store.feeds.list(accountID: harness.account.id).first(where: { $0.feed.title == "Feed 1" }),
              let held = try? localArticles(harness) else { return }
        let covered = harness.serverArticles(inFeed: "Feed 1")
        do {
            try harness.store.states.markAllRead(ArticleQuery(feedID: feed.feed.id))
        } catch {
            trace.append("\(context)local mark-all-read Feed 1 FAILED: \(error)")
            return
        }
        trace.append("\(context)local mark-all-read Feed 1 (\(covered.count) on the server)")
        for id in covered {
            pending[id, default: [:]][.read] = true
            expected[id, default: ArticleFlags(read: false, starred: false)][.read] = true
            if held[id] == nil { coveredUnheld.insert(id) }
        }
    }

    /// Another client changes one flag of a random server article. It overrides the local
    /// intent for that flag only if the engine has already acknowledged it (no queue row left):
    /// an intent still queued is pushed after this write, so it wins.
    private func anotherClientAction(_ harness: any SyncPropertyHarness, _ context: String) {
        guard let id = expected.keys.sorted().randomElement(using: &random) else { return }
        let field = ArticleField.allCases.randomElement(using: &random)!
        let value = Bool.random(using: &random)
        harness.anotherClientSets(field, of: id, to: value)
        let overridden = pending[id]?[field] == nil
        if overridden { expected[id]?[field] = value }
        trace.append("\(context)another client: \(field) \(id) = \(value)\(overridden ? "" : " (a local intent is still queued: it wins)")")
    }

    /// Plays the run; returns the violations found (empty when the properties hold).
    func play(_ harness: any SyncPropertyHarness) throws -> [String] {
        try fullSync(harness, "initial sync")
        expected = harness.serverFlags()
        try checkStep(harness, .sync(succeeded: true, listsComplete: true, before: [:], serverMovedDuringSync: false))
        for _ in 0..<steps {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<40:
                localAction(harness, "")
                try checkStep(harness, .local)
            case 40..<62:
                anotherClientAction(harness, "")
                try checkStep(harness, .anotherClient)
            case 62..<64 where harness.marksScopesExactly:
                localMarkAllRead(harness, "")
                try checkStep(harness, .local)
            case 62..<66:
                let id = harness.serverPublishesArticle()
                expected[id] = ArticleFlags(read: false, starred: false)
                trace.append("server publishes \(id)")
                try checkStep(harness, .publish)
            default:
                let before = try StepInvariants.localFlags(harness)
                var notes: [String] = []
                if Int.random(in: 0..<10, using: &random) < 3 {
                    try harness.renewProvider()
                    notes.append("new provider")
                }
                var listsComplete = true
                if Int.random(in: 0..<10, using: &random) < 6 {
                    let fault = randomFault(harness)
                    harness.arm(fault)
                    notes.append(fault.description)
                    if case .shortUnreadList = fault { listsComplete = false }
                }
                let stale = Int.random(in: 0..<10, using: &random) < 3
                if stale { harness.freezeServerReads(); notes.append("stale reads") }
                let meddleAt: SyncProgress? = Int.random(in: 0..<10, using: &random) < 2
                    ? [.pushing(count: 0), .structure, .state, .entries(stored: 0, folder: nil)].randomElement(using: &random) : nil
                let meddler = Bool.random(using: &random) ? "local" : "another client"
                if let meddleAt { notes.append("\(meddler) action during \(meddleAt)") }
                var meddled = false
                let outcome: String
                var succeeded = false
                do {
                    try SyncEngine(store: harness.store, account: harness.account, provider: harness.provider) { progress in
                        guard let meddleAt, !meddled, Self.sameStep(progress, meddleAt) else { return }
                        meddled = true
                        if meddler == "local" {
                            self.localAction(harness, "  during sync: ")
                        } else {
                            // What this run already acknowledged is the server's from now on.
                            try? self.settleAcknowledged(harness)
                            self.anotherClientAction(harness, "  during sync: ")
                        }
                    }.run(since: nil)
                    outcome = "ok"
                    succeeded = true
                } catch {
                    outcome = "failed: \(error)"
                }
                harness.disarm()
                if stale { harness.thawServerReads() }
                trace.append("sync [\(notes.joined(separator: ", "))] → \(outcome)")
                try checkStep(harness, .sync(succeeded: succeeded, listsComplete: listsComplete, before: before,
                                             serverMovedDuringSync: meddled && meddler == "another client"))
                try settleAcknowledged(harness)
            }
        }
        let before = try StepInvariants.localFlags(harness)
        try fullSync(harness, "final fault-free sync")
        try checkStep(harness, .sync(succeeded: true, listsComplete: true, before: before, serverMovedDuringSync: false))
        try settleAcknowledged(harness)
        return stepViolations + (try violations(harness))
    }

    /// Checks the invariants after the step just traced; the first three steps that break one are kept.
    private func checkStep(_ harness: any SyncPropertyHarness, _ step: StepInvariants.Step) throws {
        let problems = try StepInvariants.violations(harness, pending: pending, neverShown: coveredUnheld, step: step)
        guard !problems.isEmpty, stepViolations.count < 3 else { return }
        stepViolations.append("after step \(trace.count) (\(trace.last ?? "")): " + problems.joined(separator: "; "))
    }

    private func randomFault(_ harness: any SyncPropertyHarness) -> PropertyFault {
        let request = Int.random(in: 0..<10, using: &random)
        return switch Int.random(in: 0..<(harness.canServeShortIDList ? 6 : 5), using: &random) {
        case 0: .offline
        case 1: .dropConnection(request: request)
        case 2: .loseAnswer(request: request)
        case 3: .serverError(request: request, status: [500, 502, 503].randomElement(using: &random)!)
        case 4: .rateLimited(request: request)
        default: .shortUnreadList
        }
    }

    private static func sameStep(_ a: SyncProgress, _ b: SyncProgress) -> Bool {
        switch (a, b) {
        case (.structure, .structure), (.state, .state), (.entries, .entries), (.pushing, .pushing): true
        default: false
        }
    }

    private func fullSync(_ harness: any SyncPropertyHarness, _ what: String) throws {
        harness.disarm()
        harness.thawServerReads()
        do {
            try SyncEngine(store: harness.store, account: harness.account, provider: harness.provider).run(since: nil)
            trace.append("\(what) → ok")
        } catch {
            trace.append("\(what) → failed: \(error)")
            throw BenchError("the \(what) failed: \(error)")
        }
    }

    /// An intent the engine acknowledged is gone from the queue: from then on the server is authoritative.
    private func settleAcknowledged(_ harness: any SyncPropertyHarness) throws {
        let articles = try localArticles(harness)
        var queued = Set(try harness.store.intents.all(accountID: harness.account.id).compactMap { intent -> String? in
            guard let articleID = intent.articleID, let field = ArticleField(rawValue: intent.action == .read ? "read" : "starred"),
                  let serverID = articles.first(where: { $0.value.id == articleID })?.key else { return nil }
            return "\(serverID)/\(field)"
        })
        // A queued scope read still holds the read of every article it covers, held or not.
        for id in try StepInvariants.scopeCovered(harness, among: Array(pending.keys)) { queued.insert("\(id)/read") }
        if try harness.store.scopeReads.all(accountID: harness.account.id).isEmpty { coveredUnheld.removeAll() }
        for (id, fields) in pending {
            for field in fields.keys where !queued.contains("\(id)/\(field)") { pending[id]?[field] = nil }
        }
    }

    private func localArticles(_ harness: any SyncPropertyHarness) throws -> [String: ArticleRow] {
        let list = try harness.store.articles.list(ArticleQuery(accountID: harness.account.id, newestFirst: false, limit: Int.max))
        return Dictionary(uniqueKeysWithValues: list.map { ($0.serverID, $0) })
    }

    private func violations(_ harness: any SyncPropertyHarness) throws -> [String] {
        var found: [String] = []
        let queued = try harness.store.intents.all(accountID: harness.account.id).filter { $0.articleID != nil }
        if !queued.isEmpty { found.append("\(queued.count) intent(s) still queued after a fault-free sync") }
        let scopes = try harness.store.scopeReads.all(accountID: harness.account.id)
        if !scopes.isEmpty { found.append("\(scopes.count) mark-all-read(s) still queued after a fault-free sync") }
        let server = harness.serverFlags()
        let local = try localArticles(harness)
        for id in server.keys.sorted() {
            let remote = server[id]!
            guard let article = local[id] else { found.append("\(id): on the server, missing locally"); continue }
            let mine = ArticleFlags(read: article.read == .read, starred: article.starred)
            if article.read == .unknown { found.append("\(id): read state still unknown locally") }
            if mine != remote { found.append("\(id): local \(mine) ≠ server \(remote)") }
            if let want = expected[id], want != remote {
                found.append("\(id): server \(remote) ≠ expected \(want) (an acknowledged change was lost or a local intent dropped)")
            }
        }
        return found
    }
}

/// Runs `runs` seeded runs against harnesses from `make`, recording one issue per failing run
/// with its seed and trace. LECTOR_PROPERTY_SEED and LECTOR_PROPERTY_RUNS replay one run.
func checkSyncProperties(_ name: String, runs defaultRuns: Int, steps: Int, baseSeed: UInt64,
                         make: (UInt64) throws -> any SyncPropertyHarness) throws {
    let environment = ProcessInfo.processInfo.environment
    let base = environment["LECTOR_PROPERTY_SEED"].flatMap { UInt64($0) } ?? baseSeed
    let runs = environment["LECTOR_PROPERTY_RUNS"].flatMap { Int($0) } ?? defaultRuns
    var failures = 0
    for index in 0..<runs {
        let seed = base &+ UInt64(index)
        let harness = try make(seed)
        let run = SyncPropertyRun(seed: seed, steps: steps)
        let problems: [String]
        do { problems = try run.play(harness) } catch { problems = ["the run stopped: \(error)"] }
        guard !problems.isEmpty else { continue }
        failures += 1
        let message = """
            \(name) [\(harness.label)]: sync properties violated with seed \(seed) \
            (replay: LECTOR_PROPERTY_SEED=\(seed) LECTOR_PROPERTY_RUNS=1)
            violations:
              \(problems.joined(separator: "\n  "))
            trace:
              \(run.trace.joined(separator: "\n  "))
            """
        print(message)
        Issue.record(Comment(rawValue: message))
        if failures >= 3 { break }
    }
}

import Foundation
import LectorStore
import LectorSync

/// What must hold after EVERY step of a property run, not only after the final clean sync. That
/// sync repairs a lot — a state a stale snapshot took away comes back with it — so a rule broken
/// on the way goes unseen by the end-only check; these catch it at the step that broke it.
struct StepInvariants {
    /// An article's local flags as stored (read can be unknown until a set arrives).
    struct LocalFlags: Equatable, CustomStringConvertible {
        var read: ReadState
        var starred: Bool

        subscript(field: ArticleField) -> String {
            field == .read ? read.rawValue : (starred ? "starred" : "unstarred")
        }

        func matches(_ field: ArticleField, _ value: Bool) -> Bool {
            field == .read ? read == (value ? .read : .unread) : starred == value
        }

        var description: String { "\(read.rawValue)/\(starred ? "starred" : "unstarred")" }
    }

    /// The step just played, with what the checks need to know about it.
    enum Step {
        case local, anotherClient, publish
        /// A sync; `before` is the local state when it started; `listsComplete` false when the
        /// server served an incomplete id set. Another client writing during the sync makes the
        /// server move under it, so the server-agreement check is skipped.
        case sync(succeeded: Bool, listsComplete: Bool, before: [String: LocalFlags], serverMovedDuringSync: Bool)
    }

    static func localFlags(_ harness: any SyncPropertyHarness) throws -> [String: LocalFlags] {
        let list = try harness.store.articles.list(ArticleQuery(accountID: harness.account.id, newestFirst: false, limit: Int.max))
        return Dictionary(uniqueKeysWithValues: list.map { ($0.serverID, LocalFlags(read: $0.read, starred: $0.starred)) })
    }

    /// Those of `serverIDs` a queued mark-all-read covers: held in its scope from before it was
    /// asked, or not held at all (the server decides where those belong).
    static func scopeCovered(_ harness: any SyncPropertyHarness, among serverIDs: [String]) throws -> Set<String> {
        var covered = Set<String>()
        for read in try harness.store.scopeReads.all(accountID: harness.account.id) {
            let sorted = try harness.store.scopeReads.sort(serverIDs.sorted(), for: read)
            covered.formUnion(sorted.covered + sorted.unknown)
        }
        return covered
    }

    /// The violations after `step`. `pending` is the model's local changes not yet acknowledged
    /// (before this step's acknowledgements are settled); `neverShown`, articles a mark-all-read
    /// covered that the store did not hold then.
    static func violations(_ harness: any SyncPropertyHarness, pending: [String: [ArticleField: Bool]], neverShown: Set<String>,
                           step: Step) throws -> [String] {
        var found: [String] = []
        let database = harness.store.database

        // The store stays sound: no damage, no dangling reference.
        let integrity = try database.query("PRAGMA integrity_check") { $0.string(0) }
        if integrity != ["ok"] { found.append("store integrity: \(integrity)") }
        let dangling = try database.query("PRAGMA foreign_key_check") { "\($0.string(0)) row \($0.int64(1)) → \($0.string(2))" }
        if !dangling.isEmpty { found.append("foreign keys broken: \(dangling)") }

        let list = try harness.store.articles.list(ArticleQuery(accountID: harness.account.id, newestFirst: false, limit: Int.max))
        let local = Dictionary(uniqueKeysWithValues: list.map { ($0.serverID, LocalFlags(read: $0.read, starred: $0.starred)) })
        let serverIDOf = Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0.serverID) })
        let intents = try harness.store.intents.all(accountID: harness.account.id)
        // Between syncs nothing is in flight: a failed push hands back what it did not send.
        let inFlight = intents.filter(\.inFlight)
        if !inFlight.isEmpty { found.append("\(inFlight.count) intent(s) left in flight with no sync running") }
        let scopeReads = try harness.store.scopeReads.all(accountID: harness.account.id)
        if scopeReads.contains(where: \.inFlight) { found.append("a mark-all-read left in flight with no sync running") }
        var queued: [String: String] = [:]  // "serverID/field" → desired
        // A queued mark-all-read holds "read" for what it covers; a newer single wish overrides it.
        for id in try scopeCovered(harness, among: Array(pending.keys)) { queued["\(id)/read"] = "true" }
        for intent in intents {
            guard let articleID = intent.articleID else { continue }
            guard let serverID = serverIDOf[articleID] else { found.append("intent \(intent.id) names a missing article \(articleID)"); continue }
            let field: ArticleField = intent.action == .read ? .read : .starred
            queued["\(serverID)/\(field)"] = intent.desired
            // A queued wish and the shown state never contradict (read here, "mark unread" queued).
            if let flags = local[serverID], !flags.matches(field, intent.desired == "true") {
                found.append("\(serverID): \(field) shows \(flags[field]) while \(intent.desired) is queued")
            }
        }

        let server = harness.serverFlags()
        var serverMoved = false
        if case .sync(_, _, _, let moved) = step { serverMoved = moved }
        for id in pending.keys.sorted() {
            for (field, value) in pending[id]!.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                // No change lost: each local change is still queued (at its value) or on the server.
                let wish = queued["\(id)/\(field)"]
                if let wish, wish != String(value) {
                    found.append("\(id): the user's last \(field) change (\(value)) is queued as \(wish), an older wish")
                } else if wish == nil, server[id]?[field] != value {
                    found.append("\(id): the user's \(field) = \(value) is neither queued nor on the server (lost)")
                }
                // The user's change stays shown until the server has it (no stale snapshot undoes it).
                if !serverMoved, !(field == .read && neverShown.contains(id)), let flags = local[id], !flags.matches(field, value) {
                    found.append("\(id): \(field) = \(value) was set locally and is not yet settled, but shows \(flags[field])")
                }
            }
        }

        // After a sync the server is authoritative for everything the user did not change: an
        // ok sync with complete id sets agrees with it; a failed one, or one given an incomplete
        // set, holds the server's value or the one from before, never a third (an incomplete
        // set marking an article read that is unread on both sides, say).
        if case .sync(let ok, let listsComplete, let before, false) = step {
            let succeeded = ok && listsComplete
            for id in server.keys.sorted() {
                guard let flags = local[id] else { continue }
                for field in ArticleField.allCases where pending[id]?[field] == nil {
                    let remote = server[id]![field]
                    if flags.matches(field, remote) { continue }
                    if !succeeded, let earlier = before[id], earlier[field] == flags[field] { continue }
                    // Feedbin's entries carry no read state: one stored by a sync that failed before
                    // the id sets arrived is unknown until the next, which is not a wrong state.
                    if !succeeded, field == .read, flags.read == .unknown, before[id] == nil { continue }
                    // An incomplete unread set leaves what it does not list unknown, never read.
                    if !listsComplete, field == .read, flags.read == .unknown { continue }
                    found.append("\(id): \(field) shows \(flags[field]) after a \(ok ? (listsComplete ? "successful" : "successful but incomplete") : "failed") sync; "
                                 + "the server says \(remote), before the sync it was \(before[id].map { $0[field] } ?? "not stored")")
                }
            }
        }
        return found
    }
}

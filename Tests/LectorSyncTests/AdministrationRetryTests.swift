import Foundation
import LectorHTTP
import LectorStore
import LectorAccounts
import LectorSync
import LectorTestSupport
import Testing

/// A verb whose answer is lost after the server applied it: Lector reads the server back and
/// finds the change made; when the server cannot be read back, the verb fails as one to try
/// again, and trying again finds the server in the wanted state. One test per verb and service,
/// each verb on the services where it reaches the server.
@Suite("A lost answer to a server change")
struct AdministrationRetryTests {
    enum Verb: String, CaseIterable, Sendable {
        case subscribe, rename, move, unsubscribe, folderAdd = "folder add", folderRename = "folder rename", folderRemove = "folder remove"
    }

    /// Every verb on every service whose API edits structure, except where the verb never reaches
    /// the server (GReader and Feedbin keep an empty new folder locally).
    static let cases: [(FreshRSSBench.API, Verb)] = [FreshRSSBench.API.greader, .miniflux, .feedbin].flatMap { api in
        Verb.allCases.filter { !($0 == .folderAdd && api != .miniflux) }.map { (api, $0) }
    }

    /// The servers that refuse a change made already: FreshRSS for a folder renamed or removed, a
    /// feed unsubscribed or subscribed (recorded: 400 "Bad Request!", "Already subscribed!");
    /// Miniflux for a category or a feed that exists (recorded: 400 "This feed already exists.");
    /// Feedbin's emulator for a tag renamed or removed.
    static let refusedWhenRepeated: [(FreshRSSBench.API, Verb)] = [
        (.greader, .subscribe), (.greader, .unsubscribe), (.greader, .folderRename), (.greader, .folderRemove),
        (.miniflux, .subscribe), (.miniflux, .folderAdd), (.feedbin, .folderRename), (.feedbin, .folderRemove),
    ]

    /// A request that changes the server (not a read or a login).
    static func isWrite(_ request: ServerRequest) -> Bool {
        request.method != "GET" && !request.path.contains("ClientLogin") && !request.path.hasSuffix("/token")
    }

    /// How many writes the verb sends when nothing goes wrong, measured on a bench of its own:
    /// the answer lost is the last one's, after which the server has the whole change (a lost
    /// answer to an earlier write leaves the change half made, and the verb rightly fails).
    static func writesOf(_ verb: Verb, on api: FreshRSSBench.API) throws -> Int {
        let bench = try AccountAdministratorTests.bench(api)
        let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
        bench.server.clearLog()
        do throws(AdministrationError) { _ = try perform(verb, admin, bench) } catch { throw BenchError("\(api) \(verb.rawValue) fails with nothing injected: \(error)") }
        return bench.server.requests.filter(isWrite).count
    }

    /// The bench for a lost-answer case, with `outcome` set on the verb's last write.
    static func benchLosingLastWrite(_ verb: Verb, on api: FreshRSSBench.API, _ outcome: RequestTamper.Outcome) throws -> (FreshRSSBench, writes: Int) {
        let writes = try writesOf(verb, on: api)
        let bench = try AccountAdministratorTests.bench(api)
        bench.server.clearLog()
        bench.tamper.on(skip: writes - 1, outcome, where: isWrite)
        return (bench, writes)
    }

    @Test("the verb's answer is lost: Lector reads the server back, finds the change made, says so, and server and store agree", arguments: cases)
    func lostAnswerIsCheckedAtOnce(_ api: FreshRSSBench.API, _ verb: Verb) async throws {
        try await offPool {
            let (bench, writes) = try Self.benchLosingLastWrite(verb, on: api, .loseAnswer)
            let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
            guard let change = Self.perform(verb, admin, bench, failing: "the server made the change and could be read back, yet the verb failed") else { return }
            #expect(change == .alreadyMade, "\(api) \(verb.rawValue): the verb should say the server had done it, said \(change)")
            let sent = bench.server.requests.filter(Self.isWrite).count
            #expect(sent == writes, "\(api) \(verb.rawValue): \(sent) writes sent where the verb takes \(writes): one was sent again, though the server was found with the change made")
            try Self.expectServerAndStoreAgree(api, verb, bench)
        }
    }

    @Test("the verb's answer is lost and the server is then out of reach: the verb fails as one to retry; the retry succeeds, says so where the server refused it as made already, and server and store agree", arguments: cases)
    func retryFindsTheChangeMade(_ api: FreshRSSBench.API, _ verb: Verb) async throws {
        try await offPool {
            let (bench, _) = try Self.benchLosingLastWrite(verb, on: api, .loseAnswerThenUnreachable)
            let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
            do throws(AdministrationError) {
                _ = try Self.perform(verb, admin, bench)
                Issue.record("\(api) \(verb.rawValue): the first attempt should fail, its answer was lost and the server cannot be read back")
            } catch {
                guard case .server(let cause) = error, cause.isTransient else { Issue.record("\(api) \(verb.rawValue): the lost answer gave \(error)"); return }
            }
            bench.tamper.clear()
            guard let change = Self.perform(verb, admin, bench, failing: "the retry failed") else { return }
            // Where the server answers the repeated change as it answered the first (a rename, a
            // move, Miniflux's and Feedbin's idempotent calls), there is nothing to tell apart.
            let refused = Self.refusedWhenRepeated.contains { $0 == (api, verb) }
            #expect(change == (refused ? .alreadyMade : .made),
                    "\(api) \(verb.rawValue): the retry should say \(refused ? "the server had it already" : "it was made"), said \(change)")
            try Self.expectServerAndStoreAgree(api, verb, bench)
        }
    }

    @Test("a change that never reached the server: reading the server back finds it not made, the verb fails as one to retry, and the retry makes it", arguments: cases)
    func changeThatNeverArrivedIsNotCalledMade(_ api: FreshRSSBench.API, _ verb: Verb) async throws {
        try await offPool {
            let bench = try AccountAdministratorTests.bench(api)
            let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
            bench.tamper.on(.dropBefore, where: Self.isWrite)
            do throws(AdministrationError) {
                let change = try Self.perform(verb, admin, bench)
                Issue.record("\(api) \(verb.rawValue): the server never saw the change, yet the verb said \(change)")
            } catch {
                guard case .server(let cause) = error, cause.isTransient else { Issue.record("\(api) \(verb.rawValue): the dropped request gave \(error)"); return }
            }
            guard let change = Self.perform(verb, admin, bench, failing: "the retry failed") else { return }
            #expect(change == .made, "\(api) \(verb.rawValue): the retry made the change itself, said \(change)")
            try Self.expectServerAndStoreAgree(api, verb, bench)
        }
    }

    @Test("only a write that may have reached the server is read back after it fails: not one refused at connect, unresolved, stopped at TLS or cancelled")
    func readBackOnlyWhereTheServerMayHaveActed() {
        let reached: [HTTPError] = [.timedOut(host: "h"), .connectionLost(host: "h"), .bodyTooLarge(host: "h", limit: 1), .badResponse(host: "h")]
        let neverSent: [HTTPError] = [.cannotConnect(host: "h"), .offline(host: "h"), .tls(host: "h", .handshake), .cancelled(host: "h")]
        for cause in reached { #expect(SyncError.transport(cause).mayHideAnAppliedChange, "\(cause) may have reached the server: read it back") }
        for cause in neverSent { #expect(!SyncError.transport(cause).mayHideAnAppliedChange, "\(cause) never reached the server, or the user cancelled: no read-back") }
        #expect(SyncError.rejected("Bad Request!").mayHideAnAppliedChange, "a refusal may be of a change made already")
        #expect(!SyncError.rateLimited(retryAfter: 1, "slow").mayHideAnAppliedChange, "a rate limit is an answer before anything was done")
    }

    static func expectServerAndStoreAgree(_ api: FreshRSSBench.API, _ verb: Verb, _ bench: FreshRSSBench) throws {
        let server = try AccountAdministratorTests.serverFeeds(bench.provider), local = try AccountAdministratorTests.localFeeds(bench.store, bench.account)
        #expect(server == local, "\(api) \(verb.rawValue): server \(server.sorted()) but store \(local.sorted())")
        let serverFolders = Set(try bench.provider.serverPull().structure().folders.map(\.name))
        let localFolders = Set(try bench.store.folders.list(accountID: bench.account.id).map(\.folder.name))
        #expect(serverFolders.isSubset(of: localFolders), "\(api) \(verb.rawValue): server folders \(serverFolders.sorted()), store \(localFolders.sorted())")
        #expect(!localFolders.contains(Self.goneFolder(verb) ?? "\u{0}"), "\(api) \(verb.rawValue): the store still has the old folder: \(localFolders.sorted())")
    }

    /// The folder a verb takes away, which the store must not keep after the retry.
    static func goneFolder(_ verb: Verb) -> String? {
        switch verb {
        case .folderRename: "Tech"
        case .folderRemove: "News"
        default: nil
        }
    }

    /// Runs the verb; when it fails, records that as `failing` (what its failure means here) and
    /// gives nil.
    static func perform(_ verb: Verb, _ admin: AccountAdministrator, _ bench: FreshRSSBench, failing: String) -> ServerChange? {
        do throws(AdministrationError) { return try perform(verb, admin, bench) } catch {
            Issue.record("\(bench.api) \(verb.rawValue): \(failing): \(error)")
            return nil
        }
    }

    /// Runs the verb as the CLI would, with the feed or folder as the store has it now.
    static func perform(_ verb: Verb, _ admin: AccountAdministrator, _ bench: FreshRSSBench) throws(AdministrationError) -> ServerChange {
        func feed() throws(AdministrationError) -> Feed {
            do { return try AccountAdministratorTests.feed(bench.store, bench.account, "https://site1.example/feed.xml") } catch { throw .store(.failed("\(error)")) }
        }
        func folder(_ name: String) throws(AdministrationError) -> Folder {
            do { return try AccountAdministratorTests.folder(bench.store, bench.account, name) } catch { throw .store(.failed("\(error)")) }
        }
        switch verb {
        case .subscribe:
            return try admin.subscription(SubscriptionRequest(url: URL(string: "https://new.example/feed.xml")!, folder: "Fresh")).change
        case .rename: return try admin.rename(try feed(), to: "Renamed")
        case .move: return try admin.move(try feed(), toFolder: "News").change
        case .unsubscribe: return try admin.unsubscribe(try feed())
        case .folderAdd: return try admin.createFolder(named: "Empty").change
        case .folderRename: return try admin.renameFolder(try folder("Tech"), to: "Technology")
        case .folderRemove: return try admin.deleteFolder(try folder("News")).change
        }
    }
}

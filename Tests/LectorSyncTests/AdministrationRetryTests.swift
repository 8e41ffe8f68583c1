import Foundation
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// A verb whose answer was lost after the server applied it said "try again"; trying again finds
/// the server already in the wanted state, says so, and the store follows. One test per verb and
/// service, each verb on the services where it reaches the server.
@Suite("A retry after a lost answer")
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
    /// Miniflux for a category that exists (recorded); Feedbin's emulator for a tag renamed or removed.
    static let refusedWhenRepeated: [(FreshRSSBench.API, Verb)] = [
        (.greader, .subscribe), (.greader, .unsubscribe), (.greader, .folderRename), (.greader, .folderRemove),
        (.miniflux, .folderAdd), (.feedbin, .folderRename), (.feedbin, .folderRemove),
    ]

    @Test("the verb's answer is lost; the retry succeeds, says so where the server refused it as made already, and server and store agree", arguments: cases)
    func retryFindsTheChangeMade(_ api: FreshRSSBench.API, _ verb: Verb) async throws {
        try await offPool {
            let bench = try AccountAdministratorTests.bench(api)
            let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
            // The server applies the first write of the verb, then the connection breaks.
            bench.tamper.on(.loseAnswer) { $0.method != "GET" && !$0.path.contains("ClientLogin") && !$0.path.hasSuffix("/token") }
            do throws(AdministrationError) {
                _ = try Self.perform(verb, admin, bench)
                Issue.record("\(api) \(verb.rawValue): the first attempt should fail, its answer was lost")
            } catch {
                guard case .server(let cause) = error, cause.isTransient else { Issue.record("\(api) \(verb.rawValue): the lost answer gave \(error)"); return }
            }
            let change: ServerChange
            do throws(AdministrationError) {
                change = try Self.perform(verb, admin, bench)
            } catch {
                Issue.record("\(api) \(verb.rawValue): the retry failed: \(error)")
                return
            }
            // Where the server answers the repeated change as it answered the first (a rename, a
            // move, Miniflux's and Feedbin's idempotent calls), there is nothing to tell apart.
            let refused = Self.refusedWhenRepeated.contains { $0 == (api, verb) }
            #expect(change == (refused ? .alreadyMade : .made),
                    "\(api) \(verb.rawValue): the retry should say \(refused ? "the server had it already" : "it was made"), said \(change)")
            let server = try AccountAdministratorTests.serverFeeds(bench.provider), local = try AccountAdministratorTests.localFeeds(bench.store, bench.account)
            #expect(server == local, "\(api) \(verb.rawValue): server \(server.sorted()) but store \(local.sorted())")
            let serverFolders = Set(try bench.provider.structure().folders.map(\.name))
            let localFolders = Set(try bench.store.folders.list(accountID: bench.account.id).map(\.folder.name))
            #expect(serverFolders.isSubset(of: localFolders), "\(api) \(verb.rawValue): server folders \(serverFolders.sorted()), store \(localFolders.sorted())")
            #expect(!localFolders.contains(Self.goneFolder(verb) ?? "\u{0}"), "\(api) \(verb.rawValue): the store still has the old folder: \(localFolders.sorted())")
        }
    }

    /// The folder a verb takes away, which the store must not keep after the retry.
    static func goneFolder(_ verb: Verb) -> String? {
        switch verb {
        case .folderRename: "Tech"
        case .folderRemove: "News"
        default: nil
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

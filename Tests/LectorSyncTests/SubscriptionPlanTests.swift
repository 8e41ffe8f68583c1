import Foundation
import LectorHTTP
import LectorFeeds
import LectorStore
import LectorAccounts
import LectorSync
import LectorTestSupport
import Testing

/// Desired state (`feed apply`) through `SubscriptionPlanner` and `AccountAdministrator.apply`:
/// the plan says what differs, applying it makes server and store match the file, a second
/// plan is empty, and a run stopped half-way is finished by planning again.
@Suite("Subscription plans")
struct SubscriptionPlanTests {
    typealias Harness = AccountAdministratorTests

    /// Feed 1 renamed and moved into News, a new feed in a new folder; Feed 2 not wanted.
    static let desired = [
        DesiredFeed(url: URL(string: "http://SITE1.example/feed.xml/")!, title: "First", folder: "News"),
        DesiredFeed(url: URL(string: "https://new.example/feed.xml")!, title: nil, folder: "Fresh"),
    ]

    static func signs(_ plan: AdministrationPlan) -> [String] {
        plan.steps.map { step in
            switch step {
            case .createFolder(let name): "+folder \(name)"
            case .subscribe(let feed): "+feed \(feed.url.host ?? "")"
            case .rename(_, let title): "~rename \(title)"
            case .move(_, let from, let to): "~move \(from ?? "-")>\(to)"
            case .changeAddress(let feed, let url): "~address \(feed.title)>\(url.absoluteString)"
            case .changeSettings(_, let title, let differences): "~settings \(title) \(differences.map(\.key.rawValue).joined(separator: ","))"
            case .unsubscribe(let feed): "-feed \(feed.title)"
            case .deleteFolder(let folder): "-folder \(folder.name)"
            }
        }
    }

    static let expectedPrunePlan = ["+folder Fresh", "+feed new.example", "~rename First", "~move Tech>News", "-feed Feed 2", "-folder Tech"]

    @Test("a remote account: the plan lists every difference, applying it makes server and store match, the second plan is empty",
          arguments: [FreshRSSBench.API.greader, .miniflux])
    func applyOnAService(_ api: FreshRSSBench.API) async throws {
        try await offPool {
            let bench = try Harness.bench(api)
            let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
            let planner = SubscriptionPlanner(administrator: admin)
            let withoutPrune = try planner.plan(Self.desired, prune: false)
            #expect(Self.signs(withoutPrune) == Array(Self.expectedPrunePlan.prefix(4)), "\(api): the plan without --prune: \(Self.signs(withoutPrune))")
            let plan = try planner.plan(Self.desired, prune: true)
            #expect(Self.signs(plan) == Self.expectedPrunePlan, "\(api): the plan with --prune: \(Self.signs(plan))")
            let outcomes = admin.apply(plan)
            #expect(outcomes.allSatisfy { $0 == .done }, "\(api): not every step was done: \(outcomes)")
            let expected: Set = ["First | News | https://site1.example/feed.xml", "New Feed | Fresh | https://new.example/feed.xml"]
            #expect(try Harness.localFeeds(bench.store, bench.account) == expected, "\(api): the store after applying")
            #expect(try Harness.serverFeeds(bench.provider) == expected, "\(api): the server after applying")
            let again = try planner.plan(Self.desired, prune: true)
            #expect(again.isEmpty, "\(api): applying the same file twice should change nothing, the second plan is \(Self.signs(again))")
            try bench.sync()
            #expect(try planner.plan(Self.desired, prune: true).isEmpty, "\(api): after a sync the plan is no longer empty")
        }
    }

    @Test("a local account: the same plan, applied to the store alone; the second plan is empty")
    func applyOnLocal() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-plan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Store(path: directory.appendingPathComponent("lector.sqlite").path)
        let account = try store.accounts.insert(kind: .local, name: "home", url: nil, username: nil)
        let admin = AccountAdministrator(store: store, account: account, provider: LocalProvider(fetcher: FeedFetcher(http: HTTPClient())))
        try admin.subscribe(SubscriptionRequest(url: URL(string: "https://site1.example/feed.xml")!, folder: "Tech", title: "Feed 1"))
        try admin.subscribe(SubscriptionRequest(url: URL(string: "https://site2.example/feed.xml")!, folder: "News", title: "Feed 2"))
        let planner = SubscriptionPlanner(administrator: admin)
        let plan = try planner.plan(Self.desired, prune: true)
        #expect(Self.signs(plan) == Self.expectedPrunePlan, "the local plan: \(Self.signs(plan))")
        let outcomes = admin.apply(plan)
        #expect(outcomes.allSatisfy { $0 == .done }, "not every step was done: \(outcomes)")
        let after = try Harness.localFeeds(store, account)
        #expect(after == ["First | News | https://site1.example/feed.xml", "new.example | Fresh | https://new.example/feed.xml"],
                "the store after applying: \(after.sorted())")
        #expect(try store.folders.list(accountID: account.id).map(\.folder.name).sorted() == ["Fresh", "News"], "folders after applying")
        #expect(try planner.plan(Self.desired, prune: true).isEmpty, "the second plan is not empty")
    }

    @Test("a stop asked for between steps (Ctrl-C) leaves the rest not run, and a second plan has exactly the rest")
    func stopBetweenSteps() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-plan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Store(path: directory.appendingPathComponent("lector.sqlite").path)
        let account = try store.accounts.insert(kind: .local, name: "home", url: nil, username: nil)
        let admin = AccountAdministrator(store: store, account: account, provider: LocalProvider(fetcher: FeedFetcher(http: HTTPClient())))
        let planner = SubscriptionPlanner(administrator: admin)
        let desired = (1...3).map { DesiredFeed(url: URL(string: "https://feed\($0).example/rss")!) }
        var asked = 0
        let outcomes = admin.apply(try planner.plan(desired, prune: false), shouldStop: { asked += 1; return asked > 1 })
        #expect(outcomes.map(\.name) == ["done", "not-run", "not-run"], "outcomes after a stop: \(outcomes)")
        #expect(Self.signs(try planner.plan(desired, prune: false)) == ["+feed feed2.example", "+feed feed3.example"], "the rest")
    }

    @Test("a feed the server refuses fails alone; the server gone half-way stops the run, the rest is listed, a re-run finishes it")
    func failureHalfWayThenRerun() async throws {
        try await offPool {
            let bench = try Harness.bench(.greader)
            for n in 1...3 {
                bench.feeds.addRemoteFeed(LectorTestSupport.RemoteFeed(feedURL: "https://more\(n).example/feed.xml", title: "More \(n)"))
            }
            let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
            let planner = SubscriptionPlanner(administrator: admin)
            let desired = [DesiredFeed(url: URL(string: "https://nothing.example/feed.xml")!)]
                + (1...3).map { DesiredFeed(url: URL(string: "https://more\($0).example/feed.xml")!, folder: "More") }
            let plan = try planner.plan(desired, prune: false)
            #expect(plan.steps.count == 5, "folder + four subscriptions expected, got \(Self.signs(plan))")
            // Each folder's feeds go in one subscription/edit: the one without a folder first, then
            // More's three. The server takes More's, its answer is lost and from then on the server
            // is out of reach: no read-back can tell, so the run stops and nothing is stored.
            bench.tamper.on(skip: 1, .loseAnswerThenUnreachable, where: { $0.path.hasSuffix("/subscription/edit") })
            let outcomes = admin.apply(plan)
            #expect(outcomes.map(\.name) == ["done", "failed", "not-run", "not-run", "not-run"], "outcomes: \(outcomes)")
            if case .failed(let dropped) = outcomes[1] {
                #expect(dropped.stopsTheRun, "a server out of reach should stop the run: \(dropped)")
            }
            bench.tamper.clear()
            try admin.refreshFromServer()
            let rest = try planner.plan(desired, prune: false)
            // FreshRSS filed one of More's three in the new folder and two in Uncategorized (freshrss-admin
            // 51, 52): the re-run plans what is left, those two moves included.
            #expect(Self.signs(rest) == ["+feed nothing.example", "~move Uncategorized>More", "~move Uncategorized>More"],
                    "the re-run plans only what is left: \(Self.signs(rest))")
            let secondOutcomes = admin.apply(rest)
            #expect(secondOutcomes.map(\.name) == ["failed", "done", "done"], "the re-run: \(secondOutcomes)")
            if case .failed(let refused) = secondOutcomes.first {
                #expect(!refused.stopsTheRun, "a feed the server refuses should not stop the others: \(refused)")
            }
            #expect(try Harness.serverFeeds(bench.provider) == Harness.localFeeds(bench.store, bench.account), "server and store differ after the re-run")
        }
    }

    @Test("the server subscribed but its answer was lost: Lector reads the server back, the step is done, the run goes on, and nothing is subscribed twice")
    func lostAnswerCheckedAtOnce() async throws {
        try await offPool {
            let (bench, admin, planner, desired) = try Self.twoNewFeeds(losingTheSubscribeAnswer: .loseAnswer)
            let outcomes = admin.apply(try planner.plan(desired, prune: false))
            #expect(outcomes.map(\.name) == ["done", "done"], "the run: \(outcomes)")
            #expect(bench.feeds.feeds.filter { $0.feedURL == "https://new.example/feed.xml" }.count == 1, "subscribed twice")
            #expect(try Harness.serverFeeds(bench.provider) == Harness.localFeeds(bench.store, bench.account), "server and store differ")
        }
    }

    @Test("the server subscribed, its answer was lost and the server is then out of reach: the run stops; the re-run, planned from the server's structure, does not subscribe twice")
    func lostAnswerThenRerun() async throws {
        try await offPool {
            let (bench, admin, planner, desired) = try Self.twoNewFeeds(losingTheSubscribeAnswer: .loseAnswerThenUnreachable)
            let outcomes = admin.apply(try planner.plan(desired, prune: false))
            #expect(outcomes.map(\.name) == ["failed", "not-run"], "the first run: \(outcomes)")
            #expect(bench.feeds.feeds.contains { $0.feedURL == "https://new.example/feed.xml" }, "the server should have subscribed before the answer was lost")
            bench.tamper.clear()
            try admin.refreshFromServer()
            let rest = try planner.plan(desired, prune: false)
            // One request subscribed both: the server has them, so nothing is left.
            #expect(Self.signs(rest).isEmpty, "the re-run plans only what the server lacks: \(Self.signs(rest))")
            #expect(admin.apply(rest).allSatisfy { $0 == .done }, "the re-run did not finish")
            #expect(bench.feeds.feeds.filter { $0.feedURL == "https://new.example/feed.xml" }.count == 1, "subscribed twice")
            #expect(try Harness.serverFeeds(bench.provider) == Harness.localFeeds(bench.store, bench.account), "server and store differ")
        }
    }

    /// A plan for two feeds the server lacks, on a GReader bench where the answer to the first
    /// subscribe meets `outcome` after the server applied it.
    static func twoNewFeeds(losingTheSubscribeAnswer outcome: RequestTamper.Outcome) throws
        -> (FreshRSSBench, AccountAdministrator, SubscriptionPlanner, [DesiredFeed]) {
        let bench = try Harness.bench(.greader)
        bench.feeds.addRemoteFeed(LectorTestSupport.RemoteFeed(feedURL: "https://more1.example/feed.xml", title: "More 1"))
        let admin = AccountAdministrator(store: bench.store, account: bench.account, provider: bench.provider)
        let desired = [DesiredFeed(url: URL(string: "https://new.example/feed.xml")!), DesiredFeed(url: URL(string: "https://more1.example/feed.xml")!)]
        bench.tamper.on(outcome, where: { $0.path.hasSuffix("subscription/edit") })
        return (bench, admin, SubscriptionPlanner(administrator: admin), desired)
    }
}

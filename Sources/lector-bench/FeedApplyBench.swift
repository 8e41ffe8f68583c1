import Foundation
import LectorHTTP
import LectorStore
import LectorAccounts
import LectorSync
import LectorTestSupport

/// `lector-bench feed-apply [--feeds 1000] [--folders 20] [--delay-ms 0]`: `feed apply`'s plan and
/// apply of an OPML-sized list into an empty FreshRSS account on the GReader emulator over
/// loopback, counting requests; then the same file again, which must plan nothing and send
/// nothing. `--delay-ms` holds every answer that long (a round trip to a real server): the wall
/// time is then compared with requests × delay.
enum FeedApplyBench {
    static let user = EmulatedAccount(username: "bench", password: "bench-password")

    static func run(_ options: BenchOptions) throws {
        let feedCount = try options.int("feeds", default: 1_000)
        let folders = try options.int("folders", default: 20)
        let delay = options.arguments.contains("--delay-ms") ? try options.int("delay-ms", default: 1) : 0
        let feeds = FeedStore()
        var desired: [DesiredFeed] = []
        for index in 0..<feedCount {
            let url = "https://apply\(index).example/feed.xml"
            feeds.addRemoteFeed(RemoteFeed(feedURL: url, title: "Feed \(index)"))
            desired.append(DesiredFeed(url: URL(string: url)!, title: "Feed \(index)", folder: "Folder \(index % folders)"))
        }
        let emulator = GReaderEmulator(store: feeds, accounts: [user])
        let server = try LoopbackServer { request in
            if delay > 0 { usleep(useconds_t(delay * 1000)) }
            return emulator.handler(request)
        }
        defer { server.stop() }
        let directory = try TemporaryDirectory.make("feed-apply")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try Store(path: directory + "/lector.sqlite")
        let account = try store.accounts.insert(kind: .freshrss, name: "Bench", url: server.baseURL.absoluteString + GReaderEmulator.basePath + "/",
                                                username: user.username)
        let administrator = AccountAdministrator(store: store, account: account,
                                                 provider: try Providers.make(for: account, secret: user.password, http: HTTPClient()))
        let planner = SubscriptionPlanner(administrator: administrator)
        var plan = AdministrationPlan()
        let planSeconds = try secondsElapsed { plan = try planner.plan(desired, prune: false) }
        var outcomes: [StepOutcome] = []
        let applySeconds = secondsElapsed { outcomes = administrator.apply(plan) }
        let requests = server.requests.count
        let done = outcomes.filter { $0 == .done }.count
        guard done == plan.steps.count, feeds.feeds.count == feedCount else {
            throw BenchError.check("feed apply: \(done) of \(plan.steps.count) steps done, \(feeds.feeds.count) feeds on the server")
        }
        server.clearLog()
        var again = AdministrationPlan()
        let againSeconds = try secondsElapsed { again = try planner.plan(desired, prune: false) }
        print(String(format: "feed apply: %d feeds in %d folders into an empty FreshRSS account, %d ms per answer: plan %.2f s (%d steps), apply %.2f s, %d requests (%.2f per feed); the same file again: %d steps, %d requests, %.2f s",
                     feedCount, folders, delay, planSeconds, plan.steps.count, applySeconds, requests, Double(requests) / Double(feedCount),
                     again.steps.count, server.requests.count, againSeconds))
        if delay > 0 {
            let floor = Double(requests) * Double(delay) / 1000
            print(String(format: "  wall (plan + apply) %.2f s against requests × delay %.2f s: %.2f× (goal ≤ 1.5×); %.3f requests per feed (goal ≤ 0.1)",
                         planSeconds + applySeconds, floor, (planSeconds + applySeconds) / floor, Double(requests) / Double(feedCount)))
        }
        Summary.record("feed-apply", "\(feedCount)-feed OPML into an empty GReader account", lector: String(format: "%.2f s, %d requests", planSeconds + applySeconds, requests),
                       peer: "floor: \(feedCount) subscribe calls", ratio: String(format: "%.2f requests/feed", Double(requests) / Double(feedCount)),
                       goal: "second apply empty: " + Summary.verdict(again.isEmpty && server.requests.isEmpty))
    }
}

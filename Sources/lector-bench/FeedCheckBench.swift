import Foundation
import LectorFeeds
import LectorHTTP
import LectorStore
import LectorSync
import LectorTestSupport

/// `lector-bench feed-check [--feeds 1000] [--hosts 50] [--latency-ms 10]`: `feed check`'s core
/// on feeds spread over loopback servers (each answering after a fixed delay, standing in for a
/// network round trip), beside the floor of politeness: one conditional GET per feed, serially.
/// Every feed was fetched before (an ETag, an hour ago), so both sides get 304s.
enum FeedCheckBench {
    static func run(_ options: BenchOptions) throws {
        let feedCount = try options.int("feeds", default: 1_000)
        let hostCount = try options.int("hosts", default: 50)
        let latency = Double(try options.int("latency-ms", default: 10)) / 1_000
        let body = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>bench</title><item><title>one</title><guid>1</guid><pubDate>\(HTTPDateFormat.format(Date()))</pubDate></item></channel></rss>"
        let servers = try (0..<hostCount).map { _ in
            let site = StaticSite()
            for n in 0..<(feedCount / hostCount + 1) {
                site.serve("/\(n).xml", text: body, contentType: "application/rss+xml", etag: "\"e\(n)\"")
            }
            return try LoopbackServer { request in
                Thread.sleep(forTimeInterval: latency)
                return site.respond(to: request)
            }
        }
        defer { servers.forEach { $0.stop() } }
        let directory = try TemporaryDirectory.make("feed-check")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try Store(path: directory + "/lector.sqlite")
        let account = try store.accounts.insert(kind: .local, name: "Bench", url: nil, username: nil)
        var jobs: [(URL, String)] = []
        let hourAgo = Date().timeIntervalSince1970 - 3_600
        for index in 0..<feedCount {
            let server = servers[index % hostCount]
            let path = "/\(index / hostCount).xml"
            let url = server.url(path)
            let feed = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: url.absoluteString, title: "Feed \(index)",
                                              url: url.absoluteString, siteURL: nil)
            try store.fetchMeta.save(StoredFetchMeta(etag: "\"e\(index / hostCount)\"", lastFetchedAt: hourAgo), feedID: feed.id)
            jobs.append((url, "\"e\(index / hostCount)\""))
        }
        print("feed-check: \(feedCount) feeds on \(hostCount) loopback servers, each answering after \(Int(latency * 1_000)) ms; every feed has an ETag")

        let http = HTTPClient()
        var report: FeedHealthChecker.Report?
        let checkSeconds = try secondsElapsed {
            report = try FeedHealthChecker(store: store, http: http, staleAfter: 10 * 365 * 86_400).check([account])
        }
        let checkRequests = servers.map(\.requests.count).reduce(0, +)
        // A 304 with nothing stored yet for the feed reads as "stale: no entries"; not an error.
        let notModified = report?.feeds.filter { $0.severity <= .info }.count ?? 0
        print(String(format: "feed check: %.2f s, %d requests (%d feeds healthy)", checkSeconds, checkRequests, notModified))
        servers.forEach { $0.clearLog() }

        var answered = 0
        let serialSeconds = secondsElapsed {
            for (url, etag) in jobs {
                var request = HTTPRequest.get(url)
                request.headers["If-None-Match"] = etag
                if let response = try? http.sendAndWait(request), response.status == 304 { answered += 1 }
            }
        }
        let serialRequests = servers.map(\.requests.count).reduce(0, +)
        print(String(format: "serial conditional GETs: %.2f s, %d requests, %d answered 304", serialSeconds, serialRequests, answered))
        Summary.record("feed-check", "\(feedCount) feeds over \(hostCount) hosts, \(Int(latency * 1_000)) ms per answer",
                       lector: String(format: "%.2f s, %d requests", checkSeconds, checkRequests),
                       peer: String(format: "serial conditional GETs %.2f s, %d requests", serialSeconds, serialRequests),
                       ratio: String(format: "%.1f× faster", serialSeconds / checkSeconds),
                       goal: "requests ≤ peer's: " + Summary.verdict(checkRequests <= serialRequests))
    }
}

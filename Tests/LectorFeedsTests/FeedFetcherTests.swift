import Foundation
import Testing
import LectorHTTP
import LectorTestSupport
@testable import LectorFeeds

/// One test per politeness rule, against a real loopback server that records what it receives.
@Suite("Polite fetching")
struct FeedFetcherTests {
    static let feed = """
    <?xml version="1.0"?><rss version="2.0"><channel><title>Polite</title><link>https://example.org/</link>
    <item><guid>a</guid><title>First</title></item><item><guid>b</guid><title>Second</title></item></channel></rss>
    """
    let fetcher = FeedFetcher(http: HTTPClient())

    private func outcome(_ result: (outcome: Result<FetchOutcome, FetchError>, state: FetchState)) -> FetchOutcome? {
        if case .success(let outcome) = result.outcome { return outcome }
        return nil
    }

    @Test("validators from the first response are sent back, and a 304 counts as unchanged")
    func conditionalRequests() throws {
        let site = StaticSite()
        site.serve("/feed.xml", text: Self.feed, contentType: "application/rss+xml", etag: "\"v1\"", lastModified: Date(timeIntervalSince1970: 1_700_000_000))
        let server = try LoopbackServer(handler: site.handler)
        let first = fetcher.fetch(server.url("/feed.xml"), state: FetchState(), manual: true)
        guard case .updated(let parsed)? = outcome(first) else { Issue.record("first fetch should parse the feed: \(first.outcome)"); return }
        #expect(parsed.items.count == 2)
        #expect(first.state.etag == "\"v1\"" && first.state.lastModified != nil)
        let second = fetcher.fetch(server.url("/feed.xml"), state: first.state, manual: true)
        #expect(outcome(second) == .unchanged, "a 304 is 'unchanged': \(second.outcome)")
        let request = try #require(server.requests.last)
        #expect(request.header("If-None-Match") == "\"v1\"", "the ETag must be sent back")
        #expect(request.header("If-Modified-Since") == first.state.lastModified, "Last-Modified must be sent back")
    }

    @Test("a server without validators that sends the same body is skipped by its hash")
    func bodyHashSkip() throws {
        let server = try LoopbackServer { _ in .text(Self.feed, headers: [("Content-Type", "application/rss+xml")]) }
        let first = fetcher.fetch(server.url("/feed"), state: FetchState(), manual: true)
        #expect(first.state.bodyHash != nil)
        let second = fetcher.fetch(server.url("/feed"), state: first.state, manual: true)
        #expect(outcome(second) == .unchanged, "same bytes, no validators: unchanged")
    }

    @Test("429 with Retry-After waits at least that long, with a floor under short waits")
    func retryAfterHonoured() throws {
        let server = try LoopbackServer { _ in .text("slow down", status: 429, headers: [("Retry-After", "7200")]) }
        let now = Date()
        let result = fetcher.fetch(server.url("/feed"), state: FetchState(), manual: true, now: now)
        #expect((result.state.nextFetchAt ?? 0) >= now.timeIntervalSince1970 + 7_200, "Retry-After: 7200 must be honoured")
        let short = try LoopbackServer { _ in .text("slow down", status: 429, headers: [("Retry-After", "1")]) }
        let floored = fetcher.fetch(short.url("/feed"), state: FetchState(), manual: true, now: now)
        // The README's figure, written out: comparing with the constant would pass any floor, zero too.
        #expect(floored.state.nextFetchAt == now.timeIntervalSince1970 + 300, "a 1 s Retry-After must be raised to the 5-minute floor: waits \(((floored.state.nextFetchAt ?? 0) - now.timeIntervalSince1970)) s")
    }

    @Test("failures back off exponentially; automatic fetches wait, a fetch the user asks for does not")
    func exponentialBackoff() throws {
        let server = try LoopbackServer { _ in .text("broken", status: 500) }
        let now = Date()
        var state = FetchState()
        var waits: [Double] = []
        for _ in 0..<4 {
            state = fetcher.fetch(server.url("/feed"), state: state, manual: true, now: now).state
            waits.append((state.nextFetchAt ?? 0) - now.timeIntervalSince1970)
        }
        #expect(state.failureCount == 4)
        #expect(zip(waits, waits.dropFirst()).allSatisfy { $1 > $0 * 1.3 }, "each failure should wait clearly longer: \(waits)")
        let requestsBefore = server.requests.count
        let automatic = fetcher.fetch(server.url("/feed"), state: state, manual: false, now: now)
        guard case .skipped? = outcome(automatic) else { Issue.record("an automatic fetch inside backoff must be skipped"); return }
        #expect(server.requests.count == requestsBefore, "a skipped fetch sends nothing")
        _ = fetcher.fetch(server.url("/feed"), state: state, manual: true, now: now)
        #expect(server.requests.count == requestsBefore + 1, "a manual fetch is never throttled")
    }

    @Test("jitter keeps backoff within ±20 % of the nominal wait")
    func jitterBounds() {
        for failures in 1...6 {
            let nominal = FetchPolicy.backoff(failures: failures, jitter: 1)
            let low = FetchPolicy.backoff(failures: failures, jitter: 0.8), high = FetchPolicy.backoff(failures: failures, jitter: 1.2)
            #expect(low >= nominal * 0.8 - 0.001 && high <= nominal * 1.2 + 0.001)
        }
        #expect(FetchPolicy.backoff(failures: 40, jitter: 1) == FetchPolicy.maximumBackoff)
    }

    @Test("a slow server hits the deadline and counts as a network failure")
    func slowServer() throws {
        let server = try LoopbackServer { _ in .text(Self.feed) }
        server.inject(.delay(.seconds(3)))
        let impatient = FeedFetcher(http: HTTPClient(configuration: HTTPClientConfiguration(deadline: .milliseconds(500))))
        let result = impatient.fetch(server.url("/feed"), state: FetchState(), manual: true)
        guard case .failure(.network) = result.outcome else { Issue.record("expected a network failure, got \(result.outcome)"); return }
        #expect(result.state.failureCount == 1)
    }

    @Test("a body over 5 MB is refused")
    func oversizedBody() throws {
        let server = try LoopbackServer { _ in .text(Self.feed) }
        server.inject(.oversizedBody(bytes: 6 * 1024 * 1024, declareLength: false))
        let result = fetcher.fetch(server.url("/feed"), state: FetchState(), manual: true)
        guard case .failure(.network(let error)) = result.outcome else { Issue.record("expected a refusal, got \(result.outcome)"); return }
        #expect(error.message.contains("larger than"), "\(error.message)")
    }

    @Test("a redirect is followed and the feed's final address is the base for relative links")
    func redirectFollowed() throws {
        let site = StaticSite()
        site.serve("/new/feed.xml", text: Self.feed.replacingOccurrences(of: "<link>https://example.org/</link>", with: "<link>/home</link>"),
                   contentType: "application/rss+xml")
        site.redirect("/old.xml", to: "/new/feed.xml", status: 301)
        let server = try LoopbackServer(handler: site.handler)
        let result = fetcher.fetch(server.url("/old.xml"), state: FetchState(), manual: true)
        guard case .updated(let parsed)? = outcome(result) else { Issue.record("expected the feed: \(result.outcome)"); return }
        #expect(parsed.link == server.url("/home").absoluteString, "relative links resolve against the final URL: \(parsed.link ?? "nil")")
    }

    @Test("a hostile body (billion laughs) fails cleanly and does not replace the remembered version")
    func hostileBody() throws {
        let bomb = """
        <?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
        <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
        <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;"><!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
        <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;"><!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
        <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]>
        <rss version="2.0"><channel><title>&lol9;</title></channel></rss>
        """
        let server = try LoopbackServer { _ in .text(bomb, headers: [("Content-Type", "application/rss+xml")]) }
        let previous = FetchState(bodyHash: "previous")
        let started = Date()
        let result = fetcher.fetch(server.url("/feed"), state: previous, manual: true)
        #expect(Date().timeIntervalSince(started) < 2, "the bomb must fail fast")
        guard case .failure(.parse) = result.outcome else { Issue.record("expected a parse failure, got \(result.outcome)"); return }
        #expect(result.state.bodyHash == "previous", "a broken body must not become the remembered version")
    }
}

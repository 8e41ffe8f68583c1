import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

@Suite("Conditional requests and Retry-After")
struct ConditionalRequestTests {
    @Test("If-None-Match with the previous ETag gets a 304 response with an empty body")
    func etagGives304() async throws {
        let site = StaticSite()
        site.serve("/feed.xml", text: "<rss/>", contentType: "application/rss+xml", etag: "\"v1\"")
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        let client = HTTPClient()
        let first = try await client.send(.get(server.url("/feed.xml")))
        #expect(first.status == 200)
        #expect(first.validators.etag == "\"v1\"")
        let second = try await client.send(HTTPRequest.get(server.url("/feed.xml")).conditional(on: first.validators))
        #expect(second.isNotModified, "unchanged ETag must give 304, got \(second.status)")
        #expect(second.body.isEmpty)
        site.serve("/feed.xml", text: "<rss>2</rss>", contentType: "application/rss+xml", etag: "\"v2\"")
        let third = try await client.send(HTTPRequest.get(server.url("/feed.xml")).conditional(on: first.validators))
        #expect(third.status == 200, "a changed ETag gives the new body")
        #expect(third.text == "<rss>2</rss>")
    }

    @Test("If-Modified-Since with the previous Last-Modified gets a 304")
    func lastModifiedGives304() async throws {
        let site = StaticSite()
        site.serve("/page", text: "hi", lastModified: Date(timeIntervalSince1970: 1_700_000_000))
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        let client = HTTPClient()
        let first = try await client.send(.get(server.url("/page")))
        #expect(first.validators.lastModified != nil, "Last-Modified is exposed as a validator")
        let validators = HTTPValidators(lastModified: first.validators.lastModified)
        let second = try await client.send(HTTPRequest.get(server.url("/page")).conditional(on: validators))
        #expect(second.status == 304)
        #expect(server.requests.last?.header("If-Modified-Since") == "Tue, 14 Nov 2023 22:13:20 GMT")
    }

    @Test("Retry-After accepts delta-seconds and the three HTTP-date forms, and rejects junk")
    func retryAfterParsing() {
        let now = Date(timeIntervalSince1970: 784_111_777) // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryAfter.parse("30", now: now) == .seconds(30))
        #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:50:37 GMT", now: now) == .seconds(60))
        #expect(RetryAfter.parse("Sunday, 06-Nov-94 08:51:37 GMT", now: now) == .seconds(120))
        #expect(RetryAfter.parse("Sun Nov  6 08:49:47 1994", now: now) == .seconds(10))
        #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:00:00 GMT", now: now) == .zero, "a past date means now")
        #expect(RetryAfter.parse("soon", now: now) == nil)
        #expect(RetryAfter.parse("-5", now: now) == nil)
    }
}

@Suite("Retry-After ceiling")
struct RetryAfterCeilingTests {
    @Test("a Retry-After over a day, in seconds or as a date, is cut to 24 hours")
    func ceiling() {
        let now = Date(timeIntervalSince1970: 1_795_966_918)
        #expect(RetryAfter.parse("99999999", now: now) == .seconds(86_400), "three years of seconds is a day")
        #expect(RetryAfter.parse("99999999999999999999999", now: now) == .seconds(86_400), "digits past Int64 are a day too")
        #expect(RetryAfter.parse(HTTPDateFormat.format(now.addingTimeInterval(400 * 86_400)), now: now) == .seconds(86_400))
        #expect(RetryAfter.parse("86399", now: now) == .seconds(86_399), "under the ceiling it is kept")
    }
}

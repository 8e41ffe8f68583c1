import Foundation
import Testing
import LectorTestSupport
@testable import LectorCLI

/// What a FreshRSS server refuses, and what Lector says and exits with then.
@Suite("A server's refusals", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct ServerRefusalTests {
    /// A FreshRSS emulator account, and a site on loopback whose page offers an RSS feed (known
    /// to the server) and a JSON Feed, and an RSS feed the server cannot subscribe to.
    final class World {
        let feeds = FeedStore()
        let site = StaticSite()
        let server: LoopbackServer
        let service: ServiceUnderTest
        let home = TestHome()

        init() throws {
            server = try LoopbackServer(handler: site.handler)
            let rss = """
                <?xml version="1.0"?><rss version="2.0"><channel><title>Tide</title><link>/</link>
                <item><title>High water</title><link>/1</link><guid>t1</guid></item></channel></rss>
                """
            site.serve("/tide.xml", text: rss, contentType: "application/rss+xml")
            site.serve("/unknown.xml", text: rss, contentType: "application/rss+xml")
            site.serve("/tide.json", text: #"{"version":"https://jsonfeed.org/version/1.1","title":"Tide","items":[{"id":"t1","title":"High water"}]}"#,
                       contentType: "application/feed+json")
            site.serve("/", text: """
                <html><head><title>Tide</title>
                <link rel="alternate" type="application/rss+xml" title="RSS" href="/tide.xml">
                <link rel="alternate" type="application/feed+json" title="JSON" href="/tide.json">
                </head><body>tides</body></html>
                """, contentType: "text/html")
            feeds.addRemoteFeed(RemoteFeed(feedURL: server.url("/tide.xml").absoluteString, title: "Tide", entries: []))
            service = try ServiceUnderTest.start("freshrss", feeds: feeds)
            let added = try home.binary(service.addArguments(name: "Server"), stdin: service.secret + "\n")
            try #require(added.status == 0, "account add: \(added.stderr)")
        }
    }

    @Test("a subscribe the server refuses is not a conflict (4): the server answered with an error (6)")
    func refusedSubscribeIsNotConflict() throws {
        let world = try World()
        let refused = try world.home.binary(["feed", "add", world.server.url("/unknown.xml").absoluteString])
        #expect(refused.status == 6, "exit \(refused.status): \(refused.stderr)")
        #expect(refused.stderr.contains("did not subscribe"), "\(refused.stderr)")
    }

    @Test("feed apply does not say to run the same command again for a step the server refuses on its merits")
    func applyAdviceOnlyWhenARetryCanHelp() throws {
        let world = try World()
        let file = world.home.path + "/feeds.opml"
        try """
            <?xml version="1.0"?><opml version="2.0"><head><title>t</title></head><body>
            <outline type="rss" text="Unknown" xmlUrl="\(world.server.url("/unknown.xml").absoluteString)"/></body></opml>
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let applied = try world.home.binary(["feed", "apply", file])
        #expect(applied.status != 0 && applied.stdout.contains("failed:"), "the step failed: \(applied.stdout)\(applied.stderr)")
        #expect(!(applied.stdout + applied.stderr).contains("run the same command again"),
                "a refusal on its merits is refused again: no advice to repeat: \(applied.stdout)\(applied.stderr)")
    }

    @Test("a FreshRSS account is not offered a JSON Feed it cannot subscribe to: the site's RSS feed is taken")
    func noJSONFeedForFreshRSS() throws {
        let world = try World()
        let added = try world.home.binary(["feed", "add", world.server.url("/").absoluteString, "--json"])
        #expect(added.status == 0, "one candidate left, so no choice to make: \(added.status) \(added.stdout)\(added.stderr)")
        #expect(added.stdout.contains("tide.xml") && !added.stdout.contains("tide.json"), "\(added.stdout)")
    }
}

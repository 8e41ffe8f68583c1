import Foundation
import Testing
@testable import LectorFeeds

@Suite("Feed autodiscovery in HTML")
struct FeedDiscoveryTests {
    @Test("every discovery page yields exactly the expected feed links",
          .enabled(if: SharedCorpus.isAvailable, "shared corpus not found (set LECTOR_SHARED)"))
    func corpusPages() throws {
        let rows = SharedCorpus.manifest("discovery")
        #expect(rows.count >= 7, "discovery manifest rows")
        for row in rows {
            let file = row["file"]!
            let page = try #require(URL(string: row["base_url"]!), "\(file): base_url")
            let expected = Set((row["expected_feed_links"] ?? "").split(separator: " ").map(String.init))
            let found = FeedDiscovery.candidates(inHTML: SharedCorpus.data("discovery", file), pageURL: page)
            #expect(Set(found.map(\.url.absoluteString)) == expected, "\(file): found \(found.map(\.url.absoluteString))")
            #expect(found.count == expected.count, "\(file): no duplicates")
        }
    }

    @Test("rel token list, types, media/hreflang, wp-json and <base href> rules")
    func inlineRules() {
        let html = """
        <html><head>
        <base href="/blog/">
        <link rel="Alternate  feed" type="application/rss+xml" title=" Main " href="rss.xml">
        <link rel="alternate" type="application/atom+xml" href="https://example.com/atom">
        <link rel="alternate" type="application/feed+json" href="feed.json">
        <link rel="alternate" type="application/json" href="/wp-json/wp/v2/posts">
        <link rel="alternate" type="application/json" href="/feeds/json">
        <link rel="alternate" type="application/rss+xml" media="print" href="print.xml">
        <link rel="alternate" type="application/rss+xml" hreflang="de" href="de.xml">
        <link rel="alternate" hreflang="fr" href="/fr/">
        <link rel="stylesheet" type="application/rss+xml" href="nope.xml">
        <link rel="alternate" type="text/html" href="page.html">
        <link rel="alternate" type="application/rss+xml" href="rss.xml">
        </head><body><p>unclosed <div></body>
        """
        let found = FeedDiscovery.candidates(inHTML: Data(html.utf8), pageURL: URL(string: "https://example.com/page/x.html")!)
        #expect(found.map(\.url.absoluteString) == [
            "https://example.com/blog/rss.xml",
            "https://example.com/atom",
            "https://example.com/blog/feed.json",
            "https://example.com/feeds/json",
        ], "only typed alternates, resolved against <base>, in order, deduplicated")
        #expect(found.first?.title == "Main", "title kept and trimmed")
        #expect(found.first?.type == "application/rss+xml", "type kept")
    }

    @Test("without <base> hrefs resolve against the page URL; broken HTML is tolerated")
    func pageRelative() {
        let html = "<head><link rel=alternate type=application/atom+xml href=../feed.atom><title>x</head><body><table><tr><td>"
        let found = FeedDiscovery.candidates(inHTML: Data(html.utf8), pageURL: URL(string: "http://example.com/a/b/c.html")!)
        #expect(found.map(\.url.absoluteString) == ["http://example.com/a/feed.atom"], "relative to page URL")
        #expect(FeedDiscovery.candidates(inHTML: Data(), pageURL: URL(string: "http://example.com/")!).isEmpty, "empty page")
    }

    @Test("entities in attribute values are decoded: &amp; in an href, &quot; in a title")
    func attributeEntities() {
        let html = #"<link rel="alternate" type="application/rss+xml" title="&quot;Notes&quot; &amp; more" href="/feed?a=1&amp;b=2">"#
        let found = FeedDiscovery.candidates(inHTML: Data(html.utf8), pageURL: URL(string: "https://example.com/")!)
        #expect(found.map(\.url.absoluteString) == ["https://example.com/feed?a=1&b=2"], "the href keeps its query decoded")
        #expect(found.first?.title == "\"Notes\" & more", "the title is decoded: \(String(describing: found.first?.title))")
    }

    @Test("anchor fallback keeps only http(s) links that look like feeds")
    func anchors() {
        let html = """
        <body><a href="/feed/">Feed</a> <a href="about.html">About</a> <a href="mailto:rss@example.com">mail</a>
        <a href="https://other.example/atom.xml">elsewhere</a> <a href="/feed/">dup</a> <a href="posts?format=json">json</a></body>
        """
        let urls = FeedDiscovery.anchorCandidates(inHTML: Data(html.utf8), pageURL: URL(string: "https://example.com/blog/")!)
        #expect(urls.map(\.absoluteString) == ["https://example.com/feed/", "https://other.example/atom.xml",
                                               "https://example.com/blog/posts?format=json"], "feed-looking anchors, deduplicated")
    }

    @Test("probe URLs cover the site root and the page directory")
    func probes() {
        let urls = FeedDiscovery.probeURLs(for: URL(string: "https://example.com:8443/blog/post.html?x=1")!).map(\.absoluteString)
        #expect(urls.count == FeedDiscovery.wellKnownPaths.count * 2, "root and directory")
        #expect(urls.first == "https://example.com:8443/atom.xml", "root first")
        #expect(urls.contains("https://example.com:8443/blog/rss/feed.xml"), "directory probes")
        let rootOnly = FeedDiscovery.probeURLs(for: URL(string: "https://example.com/")!)
        #expect(rootOnly.count == FeedDiscovery.wellKnownPaths.count, "no duplicate directory probes at the root")
        #expect(FeedDiscovery.wellKnownPaths == ["atom.xml", "feed.atom", "feed.xml", "feed/", "index.rss", "index.xml",
                                                  "rss.xml", "rss/", "rss/feed.xml"], "documented list")
    }
}

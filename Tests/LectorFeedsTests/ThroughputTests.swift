import Foundation
import Testing
import LectorTestSupport
@testable import LectorFeeds

/// Prints parsing throughput next to a bare libxml2 SAX pass over the same bytes (figures, not assertions).
@Suite("Throughput (printed, not asserted)", .serialized)
struct ThroughputTests {
    /// The 5 MB feed from the shared generator when available, else a similar one built here.
    static func bigFeed() -> Data {
        let script = SharedCorpus.root.appendingPathComponent("bench/gen_corpus.py")
        if FileManager.default.fileExists(atPath: script.path) {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("lector-feeds-bench-\(getpid())")
            defer { try? FileManager.default.removeItem(at: out) }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["python3", script.path, out.path, "--feeds", "1", "--big-mb", "5"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            if (try? p.run()) != nil {
                p.waitUntilExit()
                if p.terminationStatus == 0, let d = try? Data(contentsOf: out.appendingPathComponent("big/big.xml")) { return d }
            }
        }
        var s = "<?xml version=\"1.0\" encoding=\"utf-8\"?><rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\"><channel><title>Big</title>"
        var i = 0
        while s.utf8.count < 5_000_000 {
            s += "<item><title>Item \(i) caf\u{e9} &amp; co</title><link>https://example.com/p/\(i)</link>"
            s += "<pubDate>Sat, 01 Jun 2024 12:00:00 +0000</pubDate><description>&lt;p&gt;Summary \(i)&lt;/p&gt;</description>"
            s += "<content:encoded><![CDATA[" + String(repeating: "<p>Body text with <a href=\"/x\">a link</a> and more words.</p>", count: 40) + "]]></content:encoded></item>"
            i += 1
        }
        return Data((s + "</channel></rss>").utf8)
    }

    static func medianSeconds(runs: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.sorted()[runs / 2]
    }

    @Test("parse a ~5 MB feed and compare with a counting-only libxml2 SAX pass")
    func throughput() throws {
        let data = Self.bigFeed()
        let mb = Double(data.count) / 1_048_576
        var items = 0
        let parse = Self.medianSeconds(runs: 3) {
            items = (try? FeedParser.parse(data, url: URL(string: "https://example.com/feed.xml"), contentType: nil))?.items.count ?? -1
        }
        var elements = 0
        let raw = Self.medianSeconds(runs: 3) { elements = RawSAXCounter.count(data) }
        let needle = Array("<item>".utf8)
        let expectedItems = data.withUnsafeBytes { raw in
            (0..<max(0, raw.count - needle.count)).reduce(0) { n, i in
                raw[i] == needle[0] && needle.indices.allSatisfy({ raw[i + $0] == needle[$0] }) ? n + 1 : n
            }
        }
        #expect(items == expectedItems, "every <item> of the generated feed becomes an item")
        #expect(elements > items, "the raw pass saw the elements")
        #if DEBUG
        let build = "debug build; use `swift test -c release --filter Throughput` for real figures"
        #else
        let build = "release build"
        #endif
        print(String(format: "[throughput] %.1f MB: FeedParser %.0f MB/s (%.1f ms), libxml2 SAX count-only %.0f MB/s (%.1f ms), ratio %.0f%% (%@)",
                     mb, mb / parse, parse * 1000, mb / raw, raw * 1000, raw / parse * 100, build))
    }
}

import Foundation
import Testing
import LectorFeeds
@testable import LectorReader

/// Real articles from the shared feed corpus, rendered at a fixed width and compared with the
/// outputs checked in under Golden/. `UPDATE_GOLDEN=1 swift test --filter GoldenRender` rewrites
/// them after an intended change in rendering (then read the diff).
@Suite("Rendering real articles", .enabled(if: FileManager.default.fileExists(atPath: SharedCorpus.root.appendingPathComponent("corpus/feeds").path),
                                           "the shared corpus is not here (set LECTOR_SHARED)"))
struct GoldenRenderTests {
    static let feeds = ["DaringFireball.rss", "inessential.json", "russcox.atom", "bio.rdf", "theomnishow.rss", "markdown1.rss"]
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test("the first articles of real feeds render exactly as checked in, at 72 columns, plain and with Bionic Reading", arguments: feeds)
    func rendersAsCheckedIn(feed: String) throws {
        let url = SharedCorpus.root.appendingPathComponent("corpus/feeds/\(feed)")
        let parsed = try FeedParser.parse(try Data(contentsOf: url), url: URL(string: "https://example.org/\(feed)"), contentType: nil)
        var output = ""
        for item in parsed.items.prefix(2) {
            let html = item.content ?? item.summary ?? ""
            for style in [RenderStyle(), RenderStyle(color: true, bionic: .f3)] {
                let rendered = TerminalRenderer(width: 72, style: style).render(html: html, baseURL: item.link.flatMap(URL.init(string:)))
                output += "=== \(item.title) (\(style.color ? "colour, Bionic F3" : "plain")) ===\n" + rendered.text + "\n"
            }
        }
        let file = Self.golden.appendingPathComponent(feed + ".txt")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
            try output.write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(output == expected, "\(feed) renders differently from Golden/\(feed).txt: rerun with UPDATE_GOLDEN=1 and read the diff")
    }
}

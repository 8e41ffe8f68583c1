import Foundation
@testable import LectorFeeds

/// Locates the shared corpora: $LECTOR_SHARED, else `../shared` next to the repository root.
enum SharedCorpus {
    static let root: URL = {
        if let env = ProcessInfo.processInfo.environment["LECTOR_SHARED"], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return repoRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("corpus/feeds/MANIFEST.tsv").path)
    }

    /// Rows of a MANIFEST.tsv as header-keyed dictionaries.
    static func manifest(_ dir: String) -> [[String: String]] {
        let url = root.appendingPathComponent("corpus/\(dir)/MANIFEST.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard !lines.isEmpty else { return [] }
        let header = lines.removeFirst().split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        return lines.map { line in
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            var row: [String: String] = [:]
            for (i, h) in header.enumerated() { row[h] = i < cols.count ? cols[i] : "" }
            return row
        }
    }

    static func data(_ dir: String, _ file: String) -> Data {
        (try? Data(contentsOf: root.appendingPathComponent("corpus/\(dir)/\(file)"))) ?? Data()
    }
}

/// Parses an inline document, failing loudly in the test output.
func parseInline(_ text: String, url: String? = "http://example.com/feed.xml", contentType: String? = nil) throws(FeedParseError) -> ParsedFeed {
    try FeedParser.parse(Data(text.utf8), url: url.flatMap(URL.init(string:)), contentType: contentType)
}

/// Parses a file of the edge corpus.
func parseEdge(_ file: String, url: String? = nil) throws(FeedParseError) -> ParsedFeed {
    try FeedParser.parse(SharedCorpus.data("edge", file), url: url.flatMap(URL.init(string:)), contentType: nil)
}

/// Builds a date from UTC components for expectations.
func utc(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Date {
    var c = DateComponents()
    (c.year, c.month, c.day, c.hour, c.minute, c.second) = (y, mo, d, h, mi, s)
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = TimeZone(identifier: "UTC")!
    return cal.date(from: c)!
}

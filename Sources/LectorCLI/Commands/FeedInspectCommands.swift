import FoundationEssentials
import Glibc
import LectorFeeds
import LectorSettings
import LectorStore

/// `feed parse` and `feed discover`: looking at feeds without subscribing.
enum FeedInspectCommands {
    static let all: [CommandSpec] = [parse, discover]

    static let parse = CommandSpec(
        ["feed", "parse"], "parse a feed file or URL and show what Lector reads from it",
        discussion: "With --json it prints {format, title, link, items: [{id, title, link, published, updated, summary, content, authors, enclosures}]}.",
        arguments: [ArgumentSpec("SOURCE", "a file, or an http(s) URL", source: .files)]
    ) { invocation, session in
        let source = invocation.argument("SOURCE") ?? ""
        let feed: ParsedFeed
        if source.hasPrefix("http://") || source.hasPrefix("https://") {
            let url = try TypedURL.parse(source)
            do throws(FetchError) { feed = try FeedFinder(http: session.http).load(url).feed! } catch { throw CLIError(error) }
        } else {
            let data = try LocalFile.read(source, as: .feed)
            do throws(FeedParseError) { feed = try FeedParser.parse(data, url: URL(fileURLWithPath: source), contentType: nil) }
            catch { throw CLIError.failure("\(source): \(error.message)") }
        }
        // Our own encoder's output always parses back; null would only mark a bug, not hide data.
        let json = (try? JSONValue(parsing: feed.jsonData(pretty: false))) ?? .null
        return CommandOutput(text: TerminalText.sanitizeLines(feed.summaryText()), json: json)
    }

    static let discover = CommandSpec(
        ["feed", "discover"], "list the feeds a page offers (or recognise a feed URL)",
        arguments: [ArgumentSpec("URL", "a site or page address")]
    ) { invocation, session in
        let url = try TypedURL.parse(invocation.argument("URL") ?? "")
        let found: [FeedFinder.Found]
        do throws(FetchError) { found = try FeedFinder(http: session.http).find(url) } catch { throw CLIError(error, fetching: url) }
        guard !found.isEmpty else { throw CLIError.notFound("no feed found at \(url.absoluteString)") }
        return CommandOutput(text: candidateLines(found).joined(separator: "\n"),
                             json: found.enumerated().map { CandidateJSON(number: $0 + 1, found: $1) })
    }

    static func candidateLines(_ found: [FeedFinder.Found]) -> [String] {
        found.enumerated().map { index, item in
            let title = item.candidate.title ?? item.feed?.title ?? "(untitled)"
            return "\(index + 1). \(TerminalText.sanitize(title)) — \(item.candidate.url.absoluteString) [\(item.candidate.type)]"
        }
    }

    struct CandidateJSON: Encodable, Sendable {
        let number: Int
        let url: String
        let title: String?
        let type: String

        init(number: Int, found: FeedFinder.Found) {
            self.number = number
            url = found.candidate.url.absoluteString
            title = found.candidate.title ?? found.feed?.title
            type = found.candidate.type
        }
    }
}

/// Why a document could not be read as a feed.
public enum FeedParseError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The document is empty or only whitespace.
    case emptyDocument
    /// Text with no markup at all (not XML, not JSON): a text file, an error page in plain text.
    case plainText
    /// The document parsed but is not RSS, RDF, Atom or JSON Feed.
    case notAFeed(rootElement: String)
    /// The XML is broken beyond recovery before any feed structure appeared.
    case malformed(line: Int, column: Int, reason: String)
    /// The document opens like JSON (`{` or `[`) but is not valid JSON. (The decoder's own error
    /// names no position, so there is nothing more to say.)
    case malformedJSON
    /// Entity expansion exceeded the safety budget (a "billion laughs" style document).
    case entityExpansionLimit
    /// The declared character encoding is unknown and no fallback produced a feed.
    case unsupportedEncoding(String)
    /// A JSON document with far more objects than the items a feed may keep, refused unparsed.
    case tooManyObjects(limit: Int)

    /// One line a user can act on.
    public var message: String {
        switch self {
        case .emptyDocument:
            return "The document is empty; check that the address serves a feed."
        case .plainText:
            return "The document is plain text, not a feed (no XML or JSON in it); check that the address serves a feed."
        case .notAFeed(let root):
            return "The document is not a feed (root is \(root.isEmpty ? "unknown" : "<\(root)>")); try feed discovery on the page instead."
        case .malformed(let line, let column, let reason):
            return "The feed is not well-formed XML at line \(line), column \(column): \(reason)."
        case .malformedJSON:
            return "The feed is not valid JSON: it opens with { or [ like a JSON Feed but does not parse (cut short, or broken by hand?)."
        case .entityExpansionLimit:
            return "The feed was rejected because its XML entities expand to far more text than the document holds."
        case .unsupportedEncoding(let name):
            return "The feed declares an unknown character encoding (\(name.prefix(40)))."
        case .tooManyObjects(let limit):
            return "The JSON feed holds more than \(limit) objects, far more than the \(FeedParser.itemLimit) items a feed may keep; it was not read."
        }
    }

    /// Same as `message`.
    public var description: String { message }
}

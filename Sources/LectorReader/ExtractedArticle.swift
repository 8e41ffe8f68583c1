/// The readable part of a web page, as found by `ContentExtractor`.
public struct ExtractedArticle: Sendable, Equatable {
    /// Article title (from metadata or the document title, site suffixes removed).
    public var title: String
    /// Author line, when the page names one.
    public var byline: String?
    /// Short description or the first paragraph.
    public var excerpt: String?
    /// Site name from metadata.
    public var siteName: String?
    /// Cleaned article HTML with absolute URLs, wrapped in `<div id="readability-page-1" class="page">`.
    public var contentHTML: String
    /// Plain text of the article, whitespace collapsed, blocks (paragraphs, headings, list items) apart.
    public var textContent: String
    /// Number of characters in `textContent`.
    public var textLength: Int { textContent.count }
}

/// Why extraction produced nothing.
public enum ExtractionError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The page is larger than the cap.
    case tooLarge(limit: Int)
    /// No readable content was found (an empty page, or only navigation).
    case noContent

    /// A message a user can act on.
    public var message: String {
        switch self {
        case .tooLarge(let limit):
            "The page is larger than \(limit / 1_000_000) MB, so full content was not extracted; open it in the browser instead."
        case .noContent:
            "No readable article was found on the page; the feed's own content is shown instead."
        }
    }

    /// Same as `message`.
    public var description: String { message }
}

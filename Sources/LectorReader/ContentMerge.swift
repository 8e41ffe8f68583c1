import LectorText

/// Chooses between the feed's own content and the extracted page.
public enum ContentMerge {
    /// Which content `richer(feedHTML:extracted:)` picked.
    public enum Source: Sendable, Equatable {
        /// The feed's HTML, unchanged.
        case feed
        /// The extracted page.
        case extracted
        /// The extracted page with the feed's lead paragraph put in front, because the page lacked it.
        case extractedWithFeedLead
    }

    /// Keeps the richer of the two, measured by visible text length. The extracted page must be at
    /// least 10% longer to win, so ties keep the feed's version (already on disk, chosen by the
    /// publisher). When the page wins but does not contain the feed's first paragraph (a lead or
    /// introduction written for the feed), that paragraph is kept in front of the page's content.
    public static func richer(feedHTML: String, extracted: ExtractedArticle?) -> (html: String, source: Source) {
        guard let extracted else { return (feedHTML, .feed) }
        let feed = HTMLParser.parse(TerminalSanitizer.clean(feedHTML))
        guard Double(extracted.textLength) > Double(feed.innerTextLength) * 1.1 else { return (feedHTML, .feed) }
        guard let lead = feed.descendants(named: ["p"]).first(where: { $0.innerTextLength >= 40 }),
              !isContained(lead.innerText(), in: extracted.textContent) else {
            return (extracted.contentHTML, .extracted)
        }
        lead.attributes = []
        let leadHTML = HTMLSerializer.html(lead)
        let opening = "<div id=\"readability-page-1\" class=\"page\">"
        if extracted.contentHTML.hasPrefix(opening) {
            return (opening + leadHTML + extracted.contentHTML.dropFirst(opening.count), .extractedWithFeedLead)
        }
        return (leadHTML + extracted.contentHTML, .extractedWithFeedLead)
    }

    /// True when most of the paragraph's words also occur in the page (feeds often reword a little).
    private static func isContained(_ paragraph: String, in page: String) -> Bool {
        func words(_ text: String) -> [Substring] { text.lowercased().split { !($0.isLetter || $0.isNumber) } }
        let leadWords = words(paragraph)
        guard !leadWords.isEmpty else { return true }
        let pageWords = Set(words(page))
        let found = leadWords.filter { pageWords.contains($0) }.count
        return Double(found) / Double(leadWords.count) >= 0.8
    }
}

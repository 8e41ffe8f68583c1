import FoundationEssentials

/// Parses RSS 0.9x/2.0, RSS 1.0 (RDF), Atom 1.0/0.3 and JSON Feed into one model.
public enum FeedParser {
    /// Items kept from one document, in document order; the rest are dropped unread where the
    /// format allows. A real feed carries tens to a few hundred; a 10⁶-item file took 36 s and 3 GB
    /// to turn into articles before this ceiling.
    public static let itemLimit = 10_000

    /// Parses a feed document; `url` is the final (post-redirect) feed URL used to resolve relative links,
    /// `contentType` the HTTP Content-Type header (its charset overrides the XML declaration).
    public static func parse(_ data: Data, url: URL?, contentType: String?) throws(FeedParseError) -> ParsedFeed {
        guard let first = firstSignificantByte(data) else { throw .emptyDocument }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            return try JSONFeedParser.parse(data, url: url)
        }
        let charset = EncodingPlan.charset(fromContentType: contentType)
        let result = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<ParsedFeed, FeedParseError> in
            let plan = EncodingPlan.make(for: raw, httpCharset: charset)
            var invalidCharacters = false
            let first = Result { () throws(FeedParseError) in try parseXML(raw, plan: plan, url: url, invalidCharacters: &invalidCharacters) }
            if case .utf8(let forced) = plan, invalidCharacters, !UTF8Scan.isValid(raw) {
                // Labelled (or defaulted to) UTF-8 but it is not: usually windows-1252, or a wrong HTTP charset.
                let retry = EncodingPlan.fallbackForInvalidUTF8(raw, wasForced: forced)
                var ignored = false
                return Result { () throws(FeedParseError) in try parseXML(raw, plan: retry, url: url, invalidCharacters: &ignored) }
            }
            guard case .failure(.unsupportedEncoding) = first else { return first }
            // Unknown label: read as UTF-8 if it is valid, else as windows-1252.
            let fallback: EncodingPlan = UTF8Scan.isValid(raw) ? .forced("UTF-8") : .transcoded(Windows1252.toUTF8(raw))
            var ignored = false
            return Result { () throws(FeedParseError) in try parseXML(raw, plan: fallback, url: url, invalidCharacters: &ignored) }
        }
        return try result.get()
    }

    /// Cheap sniff: true when the first kilobyte looks like an RSS, RDF, Atom or JSON Feed document.
    public static func looksLikeFeed(_ data: Data) -> Bool {
        let head = data.prefix(1024)
        var text = String(decoding: head, as: UTF8.self)
        if head.count >= 2, head.first == 0 || head.dropFirst().first == 0 || head.first == 0xFE || head.first == 0xFF {
            text = String(decoding: head.filter { $0 != 0 }, as: UTF8.self)   // crude UTF-16/32 view
        }
        let lower = text.lowercased()
        if let f = firstSignificantByte(Data(head)), f == UInt8(ascii: "{") {
            return lower.contains("jsonfeed") || lower.contains("\"items\"") || (lower.contains("\"rss\"") && lower.contains("\"channel\""))
        }
        return lower.contains("<rss") || lower.contains("<rdf:rdf") || lower.contains("<feed")
            || lower.contains("<channel") || lower.contains("purl.org/rss/1.0")
    }

    private static func parseXML(_ raw: UnsafeRawBufferPointer, plan: EncodingPlan, url: URL?,
                                 invalidCharacters: inout Bool) throws(FeedParseError) -> ParsedFeed {
        let builder = XMLFeedBuilder(documentURL: url)
        let driver = SAXDriver(sink: builder)
        let run = { (bytes: UnsafeRawBufferPointer) -> (SAXOutcome, Bool, Bool) in
            (driver.parse(bytes, url: url?.absoluteString, forcedEncoding: plan.encodingForLibXML2), containsStartTag(bytes),
             firstSignificantByte(bytes) == UInt8(ascii: "<"))
        }
        let (outcome, hasStartTag, opensWithMarkup): (SAXOutcome, Bool, Bool)
        if case .transcoded(let utf8) = plan {
            (outcome, hasStartTag, opensWithMarkup) = utf8.withUnsafeBytes(run)
        } else {
            (outcome, hasStartTag, opensWithMarkup) = run(raw)
        }
        invalidCharacters = outcome.invalidCharacters
        if outcome.entityLimitHit { throw .entityExpansionLimit }
        if let feed = builder.result() { return feed }
        if outcome.unsupportedEncoding {
            throw .unsupportedEncoding(EncodingPlan.declaredEncoding(raw) ?? "unknown")
        }
        if !builder.rootName.isEmpty { throw .notAFeed(rootElement: builder.rootName) }
        // No element: only a declaration, comments or processing instructions — or no markup at all.
        if !hasStartTag { throw opensWithMarkup ? .emptyDocument : .plainText }
        if let e = outcome.firstError { throw .malformed(line: e.line, column: e.column, reason: e.reason) }
        throw .notAFeed(rootElement: "")
    }

    /// True when some `<` is followed by a letter, i.e. the bytes hold at least one element start tag.
    private static func containsStartTag(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > 1 else { return false }
        for i in 0..<(bytes.count - 1) where bytes[i] == UInt8(ascii: "<") {
            let c = bytes[i + 1] | 0x20
            if (c >= 97 && c <= 122) || bytes[i + 1] == UInt8(ascii: "_") || bytes[i + 1] >= 0x80 { return true }
        }
        return false
    }

    /// The first byte that is not whitespace or a UTF-8 BOM; nil for an empty document.
    private static func firstSignificantByte(_ data: some Sequence<UInt8>) -> UInt8? {
        var skippedBOM = 0
        for b in data {
            if skippedBOM < 3, [0xEF, 0xBB, 0xBF][skippedBOM] == b { skippedBOM += 1; continue }
            if b == 32 || b == 9 || b == 10 || b == 13 { continue }
            return b
        }
        return nil
    }
}

import Foundation

/// The `frss:` attributes FreshRSS 1.24 exports and imports per feed, and how an import merges
/// them into a feed it has (freshrss-admin 05–14).
enum FreshRSSAttributes {
    /// In the order `subscription/export` writes them (06).
    static let exported = ["filtersActionRead", "cssFullContent", "cssFullContentFilter", "CURLOPT_COOKIE", "CURLOPT_PROXY",
                           "CURLOPT_USERAGENT", "CURLOPT_HTTPHEADER"]

    /// The new value of attribute `name` once an import gave `imported`. A scalar is replaced,
    /// and an empty one clears (13, 14). A list of lines merges by position into the list FreshRSS
    /// keeps (PHP's array_replace_recursive) and never gets shorter (11, 12):
    /// - the read filters: the import's lines are split at any line break, trimmed, repeats and
    ///   empty lines dropped, and kept in reverse; the export lists them in reverse again, so the
    ///   new lines replace the old from the last one back. An import with no line leaves the
    ///   filters as they were (lector fixture freshrss/07, 08).
    /// - the HTTP headers: every line, empty ones too, replaces the old from the first on (`X-One,
    ///   X-Two` + `X-Three` → `X-Three, X-Two`); an empty line stays in the list, and the export
    ///   leaves it out (lector fixture freshrss/07–10): the value kept here holds those empty lines.
    static func merged(_ name: String, old: String?, imported: String) -> String? {
        switch name {
        case "filtersActionRead":
            var new: [String] = []
            for line in lines(imported).map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty && !new.contains(line) {
                new.append(line)
            }
            guard !new.isEmpty else { return old }
            var kept = Array((old.map(lines) ?? []).reversed())
            for (position, line) in new.reversed().enumerated() {
                if position < kept.count { kept[position] = line } else { kept.append(line) }
            }
            return kept.reversed().joined(separator: "\n")
        case "CURLOPT_HTTPHEADER":
            var kept = old.map(lines) ?? []
            for (position, line) in lines(imported).enumerated() {
                if position < kept.count { kept[position] = line } else { kept.append(line) }
            }
            return kept.joined(separator: "\n")
        default:
            return imported.isEmpty ? nil : imported
        }
    }

    /// PHP's `preg_split('/\R/u', …)`: every line break (CRLF as one), empty lines kept.
    static func lines(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    }

    /// What the export shows of a kept value: a list without its empty lines (08, 10).
    static func exportedValue(_ name: String, _ value: String) -> String {
        name == "CURLOPT_HTTPHEADER" ? lines(value).filter { !$0.isEmpty }.joined(separator: "\n") : value
    }
}

/// `subscription/import`: OPML in the body (POST; anything else, an empty body or text that is
/// not OPML is 400, 15–17). A feed it has takes the outline's `frss:` attributes, merged (see
/// `FreshRSSAttributes.merged`), and is un-muted; a feed it can fetch and lacks is subscribed in
/// the outline's folder. Then every due feed that is not muted is refreshed (04–07).
extension GReaderCall {
    func importOPML() -> ServerResponse {
        let text = String(decoding: request.body, as: UTF8.self)
        guard let outlines = OPMLOutlines.parse(text) else { return FreshRSSReply.error(400) }
        store.withState { state in
            for outline in outlines {
                if let index = state.feeds.firstIndex(where: { $0.feedURL == outline.xmlURL }) {
                    for name in FreshRSSAttributes.exported {
                        guard let imported = outline.attributes["frss:" + name] else { continue }
                        var old: String?
                        if case .string(let value)? = state.feeds[index].settings[name] { old = value }
                        state.feeds[index].settings[name] = FreshRSSAttributes.merged(name, old: old, imported: imported).map(JSONValue.string)
                    }
                    state.feeds[index].muted = false
                } else {
                    let folderID = outline.folder.map { FeedStore.folder(named: $0, in: &state) } ?? 1
                    _ = FeedStore.subscribe(outline.xmlURL, title: outline.title, folderID: folderID, in: &state)
                }
            }
            // FreshRSS's default time to live: a feed fetched within the hour is not due.
            let due = Int64(Date().timeIntervalSince1970) - 3600
            for feed in state.feeds where !feed.muted && feed.lastUpdated < due { _ = FeedStore.fetch(feedID: feed.id, in: &state) }
        }
        return FreshRSSReply.html("OK")
    }
}

/// The feed outlines of an OPML document, with their folder: enough XML for an emulator (double
/// quoted attributes, the five entities and numeric references). Nil when it is not OPML.
struct OPMLOutlines {
    let xmlURL: String
    let title: String?
    let folder: String?
    let attributes: [String: String]

    static func parse(_ text: String) -> [OPMLOutlines]? {
        guard text.contains("<opml"), text.contains("</opml>") else { return nil }
        var outlines: [OPMLOutlines] = []
        var folders: [String?] = []
        for match in text.matches(of: /<(\/?)outline\b([^>]*?)(\/?)>/) {
            if !match.output.1.isEmpty {
                _ = folders.popLast()
                continue
            }
            var attributes: [String: String] = [:]
            for attribute in String(match.output.2).matches(of: /([A-Za-z_:][\w:.\-]*)\s*=\s*"([^"]*)"/) {
                attributes[String(attribute.output.1)] = unescape(String(attribute.output.2))
            }
            let selfClosing = !match.output.3.isEmpty
            if let url = attributes["xmlUrl"] {
                outlines.append(OPMLOutlines(xmlURL: url, title: attributes["text"] ?? attributes["title"],
                                             folder: folders.last ?? nil, attributes: attributes))
                if !selfClosing { folders.append(folders.last ?? nil) }
            } else if !selfClosing {
                folders.append(attributes["text"] ?? attributes["title"])
            }
        }
        return outlines
    }

    static func unescape(_ text: String) -> String {
        var out = text
        for match in text.matches(of: /&#(x?)([0-9A-Fa-f]+);/) {
            let value = UInt32(String(match.output.2), radix: match.output.1.isEmpty ? 10 : 16)
            if let scalar = value.flatMap(Unicode.Scalar.init) {
                out = out.replacingOccurrences(of: String(match.output.0), with: String(Character(scalar)))
            }
        }
        return out.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

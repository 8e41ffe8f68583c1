import FoundationEssentials
import LectorBasics

/// Finds feeds advertised by HTML pages, and the conventional feed locations to probe.
public enum FeedDiscovery {
    /// MIME types of feed `<link rel="alternate">` elements.
    public static let feedTypes: Set<String> = [
        "application/rss+xml", "application/atom+xml", "application/feed+json", "application/json",
    ]

    /// Paths where sites commonly serve feeds, probed at the site root and the page's directory.
    public static let wellKnownPaths: [String] = [
        "atom.xml", "feed.atom", "feed.xml", "feed/", "index.rss", "index.xml", "rss.xml", "rss/", "rss/feed.xml",
    ]

    /// Feeds advertised by `<link rel="alternate" type=…>` in the page, hrefs resolved against `<base href>`
    /// or `pageURL`; links with `media` or `hreflang` (translations, print versions) and WordPress REST
    /// `/wp-json/` endpoints are skipped. Document order, no duplicates.
    public static func candidates(inHTML html: Data, pageURL: URL) -> [FeedCandidate] {
        LibXML2.ensureInitialized()
        let scan = HTMLLinkScanner(html: html, pageURL: pageURL)
        let base = scan.baseHref.flatMap { URL(string: $0, relativeTo: pageURL)?.absoluteURL } ?? pageURL
        var seen = Set<String>()
        var result: [FeedCandidate] = []
        for link in scan.links {
            let a = link.attributes
            let rels = (a["rel"] ?? "").lowercased().split(whereSeparator: \.isWhitespace)
            guard rels.contains("alternate"), a["media"] == nil, a["hreflang"] == nil else { continue }
            let type = (a["type"] ?? "").split(separator: ";").first.map { $0.trimmed.lowercased() } ?? ""
            guard feedTypes.contains(type), let href = a["href"]?.trimmed, !href.isEmpty else { continue }
            if type == "application/json" && href.contains("/wp-json/") { continue }
            guard let url = URL(string: URLResolver.resolve(href, against: base)), url.scheme != nil else { continue }
            guard seen.insert(url.absoluteString).inserted else { continue }
            let title = a["title"]?.trimmed
            result.append(FeedCandidate(url: url, title: (title?.isEmpty ?? true) ? nil : title, type: type))
        }
        return result
    }

    /// Lower-confidence fallback: `<a href>` targets whose URL mentions feed, rss, atom, xml or json
    /// (as NetNewsWire's HTMLFeedFinder does). Each must still be fetched and parsed to be trusted.
    public static func anchorCandidates(inHTML html: Data, pageURL: URL) -> [URL] {
        LibXML2.ensureInitialized()
        let scan = HTMLLinkScanner(html: html, pageURL: pageURL)
        let base = scan.baseHref.flatMap { URL(string: $0, relativeTo: pageURL)?.absoluteURL } ?? pageURL
        let hints = ["feed", "rss", "atom", "xml", "json"]
        var seen = Set<String>()
        var result: [URL] = []
        for href in scan.anchorHrefs {
            guard let url = URL(string: URLResolver.resolve(href, against: base)),
                  let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { continue }
            let tail = (url.path + "?" + (url.query ?? "")).lowercased()
            guard hints.contains(where: { tail.contains($0) }), seen.insert(url.absoluteString).inserted else { continue }
            result.append(url)
        }
        return result
    }

    /// URLs to probe when a page advertises nothing: each well-known path at the site root, then in the
    /// page's own directory (when that is not the root). No duplicates.
    public static func probeURLs(for pageURL: URL) -> [URL] {
        guard let scheme = pageURL.scheme, let host = pageURL.host else { return [] }
        let port = pageURL.port.map { ":\($0)" } ?? ""
        let root = "\(scheme)://\(host)\(port)/"
        var directory = pageURL.path
        if !directory.hasSuffix("/") {
            directory = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)]) + "/"
        }
        if !directory.hasPrefix("/") { directory = "/" + directory }
        var bases = [root]
        let dirURL = "\(scheme)://\(host)\(port)\(directory)"
        if dirURL != root { bases.append(dirURL) }
        var seen = Set<String>()
        var result: [URL] = []
        for base in bases {
            for path in wellKnownPaths {
                if let url = URL(string: base + path), seen.insert(url.absoluteString).inserted { result.append(url) }
            }
        }
        return result
    }
}

import FoundationEssentials
import LectorBasics
import LectorText

/// A numbered target mentioned in the rendered article: a link, an image or an embedded medium.
public struct LinkReference: Sendable, Equatable {
    /// What the reference points at, shown after the URL in the list.
    public enum Kind: String, Sendable { case link, image, video, audio, embed }

    /// The number shown in the text as `[n]`.
    public let number: Int
    /// Absolute URL (resolved against the base URL), sanitized.
    public let url: String
    /// Link, image or medium.
    public let kind: Kind

    /// The line used in the reference list, e.g. `[2] https://example.com/a.png (image)`.
    public var line: String {
        kind == .link ? "[\(number)] \(url)" : "[\(number)] \(url) (\(kind.rawValue))"
    }
}

/// Hands out reference numbers; the same URL always gets the same number.
struct ReferenceTable {
    private(set) var references: [LinkReference] = []
    private var numbers: [String: Int] = [:]

    mutating func number(for url: String, kind: LinkReference.Kind) -> Int {
        if let existing = numbers[url] { return existing }
        let number = references.count + 1
        references.append(LinkReference(number: number, url: url, kind: kind))
        numbers[url] = number
        return number
    }
}

extension URLResolver {
    /// Absolute, sanitized URL for an attribute value, or nil for in-page anchors, scripts and junk:
    /// what a rendered link may open (stricter than `resolve`, which keeps what it cannot resolve).
    static func linkTarget(_ raw: String?, against base: URL?) -> String? {
        guard let raw else { return nil }
        let trimmed = TerminalSanitizer.clean(raw).trimmingWhitespace()
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
        let lower = trimmed.lowercased()
        if lower.hasPrefix("javascript:") || lower.hasPrefix("data:") || lower.hasPrefix("vbscript:") { return nil }
        let candidate = URL(string: trimmed, relativeTo: base)
            ?? URL(string: trimmed.replacingAll(" ", with: "%20"), relativeTo: base)
        guard let url = candidate?.absoluteURL else { return nil }
        return url.absoluteString
    }
}

import FoundationEssentials

/// Resolution of relative references against a base URL (RFC 3986), tolerant of sloppy input: the
/// one resolver, for the feed parser (links, `xml:base`) and the reader (`linkTarget`, LectorReader,
/// which adds the sanitiser and refuses in-page anchors and scripts).
public enum URLResolver {
    /// `reference` made absolute against `base`; the trimmed reference itself when it cannot be resolved.
    public static func resolve(_ reference: String, against base: URL?) -> String {
        let ref = reference.trimmed
        if ref.isEmpty { return base?.absoluteString ?? ref }
        if hasScheme(ref) || base == nil { return ref }
        let isIRI = ref.utf8.contains { $0 >= 0x80 } && !ref.utf8.contains(37)
        if let url = URL(string: ref, relativeTo: base) {
            return isIRI ? (url.absoluteString.percentDecoded ?? url.absoluteString) : url.absoluteString
        }
        // Raw non-ASCII (IRIs): resolve the percent-encoded form, then give the characters back.
        if let encoded = percentEncoded(ref), let url = URL(string: encoded, relativeTo: base) {
            let absolute = url.absoluteString
            return ref.utf8.contains(37) ? absolute : (absolute.percentDecoded ?? absolute)
        }
        return ref
    }

    /// A new base from an xml:base value; unsafe or unparseable bases leave the outer base in force.
    public static func base(from value: String, outer: URL?) -> URL? {
        var v = value.trimmed
        guard !v.isEmpty else { return outer }
        for scheme in ["http:///", "https:///"] where v.lowercased().hasPrefix(scheme) {
            v = String(v.prefix(scheme.count - 1)) + v.dropFirst(scheme.count)   // "http:///host/" typo
        }
        let resolved: URL?
        if hasScheme(v) {
            resolved = URL(string: v) ?? percentEncoded(v).flatMap { URL(string: $0) }
        } else {
            resolved = URL(string: v, relativeTo: outer)?.absoluteURL
        }
        guard let resolved, let scheme = resolved.scheme?.lowercased(), safeSchemes.contains(scheme) else { return outer }
        if scheme.hasPrefix("http"), (resolved.host ?? "").isEmpty { return outer }   // "http:///x" is malformed
        return resolved
    }

    public static let safeSchemes: Set<String> = ["http", "https", "ftp", "file", "urn", "tag", "mailto"]

    /// True when the reference starts with `scheme:` (so it is already absolute).
    public static func hasScheme(_ s: String) -> Bool {
        var sawLetter = false
        for c in s.utf8 {
            if (c | 0x20) >= 97 && (c | 0x20) <= 122 { sawLetter = true; continue }
            if sawLetter && ((c >= 48 && c <= 57) || c == 43 || c == 45 || c == 46) { continue }
            return sawLetter && c == 58
        }
        return false
    }

    private static func percentEncoded(_ s: String) -> String? {
        s.percentEncoded { URLBytes.isFragmentAllowed($0) || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "%") }
    }
}

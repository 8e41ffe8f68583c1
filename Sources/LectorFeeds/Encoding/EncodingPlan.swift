import FoundationEssentials
import LectorBasics

/// Decides how the XML bytes reach libxml2: untouched, transcoded to UTF-8 first, or with a forced encoding.
///
/// Order of authority: byte-order mark, then the HTTP charset, then the XML declaration, then UTF-8.
/// Latin-1 and ASCII labels are read as windows-1252 (as browsers do). UTF-8 is validated lazily:
/// only when libxml2 reports a bad character does `FeedParser` check the bytes and retry, with the
/// document's own declaration when an HTTP `charset=utf-8` overrode it, else as windows-1252.
enum EncodingPlan: Equatable {
    /// Let libxml2 decide (UTF-8 BOM, or a declaration it can handle through iconv).
    case native
    /// Believed to be UTF-8 (label or default); `forced` when the HTTP header said so.
    case utf8(forced: Bool)
    /// Bytes were converted to UTF-8 here; libxml2 must ignore the declaration.
    case transcoded([UInt8])
    /// Tell libxml2 to use this encoding, ignoring the declaration.
    case forced(String)

    /// The encoding name to hand libxml2 (nil: let it read the declaration).
    var encodingForLibXML2: String? {
        switch self {
        case .native, .utf8(forced: false): return nil
        case .utf8(forced: true), .transcoded: return "UTF-8"
        case .forced(let name): return name
        }
    }

    static func make(for bytes: UnsafeRawBufferPointer, httpCharset: String?) -> EncodingPlan {
        if let wide = WideUnicode.detect(bytes) { return .transcoded(WideUnicode.toUTF8(bytes, wide)) }
        if hasUnicodeSignature(bytes) { return .native }
        let label = (httpCharset ?? declaredEncoding(bytes))?.lowercased()
        switch label {
        case nil, "utf-8", "utf8":
            return .utf8(forced: httpCharset != nil)
        case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii", "windows-1252", "cp1252",
             "x-cp1252", "iso_8859-1", "iso-latin-1":
            return .transcoded(Windows1252.toUTF8(bytes))
        case let other?:
            if other.hasPrefix("utf-16") || other.hasPrefix("utf-32") || other == "utf16" || other == "utf_16" {
                // Without a BOM or zero bytes a UTF-16/32 label on 8-bit data is a lie.
                return UTF8Scan.isValid(bytes) ? .utf8(forced: true) : .transcoded(Windows1252.toUTF8(bytes))
            }
            return httpCharset != nil ? .forced(other) : .native
        }
    }

    /// The fallback when bytes believed to be UTF-8 are not: the declared encoding if the HTTP header
    /// had overridden a non-Latin one, else windows-1252.
    static func fallbackForInvalidUTF8(_ bytes: UnsafeRawBufferPointer, wasForced: Bool) -> EncodingPlan {
        if wasForced, let declared = declaredEncoding(bytes)?.lowercased(),
           !["utf-8", "utf8", "iso-8859-1", "latin1", "us-ascii", "ascii", "windows-1252"].contains(declared),
           !declared.hasPrefix("utf-") {
            return .native
        }
        return .transcoded(Windows1252.toUTF8(bytes))
    }

    /// UTF-8/16/32 byte-order marks and the `<?` patterns of BOM-less UTF-16/32.
    static func hasUnicodeSignature(_ b: UnsafeRawBufferPointer) -> Bool {
        guard b.count >= 4 else { return false }
        let (b0, b1, b2, b3) = (b[0], b[1], b[2], b[3])
        if b0 == 0xEF && b1 == 0xBB && b2 == 0xBF { return true }
        if (b0 == 0xFE && b1 == 0xFF) || (b0 == 0xFF && b1 == 0xFE) { return true }
        if b0 == 0 && b1 == 0 && b2 == 0xFE && b3 == 0xFF { return true }
        if b0 == 0 || b1 == 0 { return true }   // "<" padded with zero bytes: UTF-16/32 without BOM
        return false
    }

    /// The `encoding="…"` of an ASCII-compatible XML declaration, if any.
    static func declaredEncoding(_ b: UnsafeRawBufferPointer) -> String? {
        let head = Array(b.prefix(256))
        guard head.starts(with: Array("<?xml".utf8)), let end = head.firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let decl = String(decoding: head[..<end], as: UTF8.self)
        guard let range = decl.firstRange(of: "encoding") else { return nil }
        var rest = decl[range.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        guard let close = rest.firstIndex(of: quote) else { return nil }
        let label = rest[..<close].trimmingBlanks
        return label.isEmpty ? nil : label
    }

    /// The `charset` parameter of a Content-Type header value.
    static func charset(fromContentType contentType: String?) -> String? {
        guard let contentType else { return nil }
        for part in contentType.split(separator: ";").dropFirst() {
            let kv = part.split(separator: "=", maxSplits: 1).map(\.trimmingBlanks)
            if kv.count == 2, kv[0].lowercased() == "charset" {
                let v = kv[1].trimming { $0 == "\"" || $0 == "'" }
                return v.isEmpty ? nil : v
            }
        }
        return nil
    }
}

import FoundationEssentials
import Glibc
import LectorBasics

/// Rewrites relative `href` and `src` attribute values inside an HTML fragment to absolute URLs.
enum HTMLURLRewriter {
    /// The fragment with every relative href/src resolved against `base`; unchanged when there is nothing to do.
    static func rewrite(_ html: String, base: URL?) -> String {
        guard let base else { return html }
        var html = html
        guard let out = html.withUTF8({ rewrite(bytes: $0, base: base) }) else { return html }
        return String(decoding: out, as: UTF8.self)
    }

    /// Byte-level form: the rewritten UTF-8, or nil when no attribute needed rewriting.
    static func rewrite(bytes: UnsafeBufferPointer<UInt8>, base: URL) -> [UInt8]? {
        guard mayContainRelativeURLAttribute(bytes) else { return nil }
        let edits = findEdits(bytes, base: base)
        guard !edits.isEmpty else { return nil }
        // Splice the replacements in with bulk copies.
        var out = [UInt8]()
        out.reserveCapacity(edits.reduce(bytes.count) { $0 + $1.replacement.utf8.count - ($1.end - $1.start) })
        var copied = 0
        for edit in edits {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<edit.start]))
            out.append(contentsOf: edit.replacement.utf8)
            copied = edit.end
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        return out
    }

    /// Value ranges of relative href/src attributes inside tags, with their absolute replacements.
    private static func findEdits(_ b: UnsafeBufferPointer<UInt8>, base: URL) -> [(start: Int, end: Int, replacement: String)] {
        var edits: [(start: Int, end: Int, replacement: String)] = []
        var i = 0
        var inTag = false
        var quote: UInt8 = 0
        while i < b.count {
            let c = b[i]
            if !inTag {
                if c == UInt8(ascii: "<") {
                    if i + 1 < b.count, isAlpha(b[i + 1]) { inTag = true }
                    i += 1
                } else {
                    // Jump to the next '<' (text between tags is most of the bytes).
                    guard let hit = memchr(b.baseAddress! + i, Int32(UInt8(ascii: "<")), b.count - i) else { break }
                    i = UnsafeRawPointer(hit) - UnsafeRawPointer(b.baseAddress!)
                }
                continue
            }
            if quote != 0 {
                // Jump past the closing quote (style and alt values can be long).
                guard let hit = memchr(b.baseAddress! + i, Int32(quote), b.count - i) else { break }
                i = UnsafeRawPointer(hit) - UnsafeRawPointer(b.baseAddress!) + 1
                quote = 0
                continue
            }
            if c == UInt8(ascii: ">") { inTag = false; i += 1; continue }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { quote = c; i += 1; continue }
            // An attribute name starts after whitespace.
            if isSpace(c), i + 1 < b.count, let (valueStart, valueEnd, q) = urlAttribute(b, at: i + 1) {
                if mayBeRelative(b, valueAt: valueStart, quote: q) {
                    let value = String(decoding: UnsafeBufferPointer(rebasing: b[valueStart..<valueEnd]), as: UTF8.self)
                    let decoded = value.utf8.contains(UInt8(ascii: "&")) ? HTMLEntities.decode(value) : value
                    if !decoded.isEmpty && !URLResolver.hasScheme(decoded) && !decoded.hasPrefix("#") {
                        edits.append((valueStart, valueEnd, escapeAttribute(URLResolver.resolve(decoded, against: base))))
                    }
                }
                i = valueEnd + (q != 0 && valueEnd < b.count ? 1 : 0)
                continue
            }
            i += 1
        }
        return edits
    }

    /// If an href/src attribute starts at `start`, the range of its value and its quote byte (0 if unquoted).
    private static func urlAttribute(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> (Int, Int, UInt8)? {
        var j = start
        while j < b.count, isAlpha(b[j]) { j += 1 }
        let len = j - start
        guard len == 3 || len == 4 else { return nil }
        let isHref = len == 4 && (b[start] | 0x20) == UInt8(ascii: "h") && (b[start + 1] | 0x20) == UInt8(ascii: "r")
            && (b[start + 2] | 0x20) == UInt8(ascii: "e") && (b[start + 3] | 0x20) == UInt8(ascii: "f")
        let isSrc = len == 3 && (b[start] | 0x20) == UInt8(ascii: "s") && (b[start + 1] | 0x20) == UInt8(ascii: "r")
            && (b[start + 2] | 0x20) == UInt8(ascii: "c")
        guard isHref || isSrc else { return nil }
        while j < b.count, isSpace(b[j]) { j += 1 }
        guard j < b.count, b[j] == UInt8(ascii: "=") else { return nil }
        j += 1
        while j < b.count, isSpace(b[j]) { j += 1 }
        guard j < b.count else { return nil }
        let q = b[j]
        if q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") {
            guard let close = b[(j + 1)...].firstIndex(of: q) else { return nil }
            return (j + 1, close, q)
        }
        var k = j
        while k < b.count, !isSpace(b[k]), b[k] != UInt8(ascii: ">") { k += 1 }
        return (j, k, 0)
    }

    /// Cheap pre-check: an '=' preceded by "href" or "src" in any case and followed by a value that
    /// may be relative. Feeds mostly carry absolute URLs, and this check spares them the tag-by-tag
    /// scan. It errs towards true: a value starting with '&' could hide anything.
    private static func mayContainRelativeURLAttribute(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = b.baseAddress, b.count > 3 else { return false }
        var i = 3
        while i < b.count {
            // memchr is vectorised; the byte loop it replaces dominated profiles.
            guard let hit = memchr(base + i, Int32(UInt8(ascii: "=")), b.count - i) else { return false }
            i = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            if followsURLAttributeName(b, equalsAt: i) && mayBeRelative(b, valueAfter: i + 1) { return true }
            i += 1
        }
        return false
    }

    /// True when "href" or "src" (any case, maybe followed by blanks) ends just before `equals`.
    private static func followsURLAttributeName(_ b: UnsafeBufferPointer<UInt8>, equalsAt equals: Int) -> Bool {
        var j = equals - 1
        while j > 0, isSpace(b[j]) { j -= 1 }
        if j >= 2, (b[j] | 0x20) == UInt8(ascii: "c"), (b[j - 1] | 0x20) == UInt8(ascii: "r"), (b[j - 2] | 0x20) == UInt8(ascii: "s") { return true }
        return j >= 3 && (b[j] | 0x20) == UInt8(ascii: "f") && (b[j - 1] | 0x20) == UInt8(ascii: "e")
            && (b[j - 2] | 0x20) == UInt8(ascii: "r") && (b[j - 3] | 0x20) == UInt8(ascii: "h")
    }

    /// `mayBeRelative(_:valueAt:quote:)` for the value after `start`: blanks, then an optional quote.
    private static func mayBeRelative(_ b: UnsafeBufferPointer<UInt8>, valueAfter start: Int) -> Bool {
        var j = start
        while j < b.count, isSpace(b[j]) { j += 1 }
        guard j < b.count else { return false }
        var quote: UInt8 = 0
        if b[j] == UInt8(ascii: "\"") || b[j] == UInt8(ascii: "'") { quote = b[j]; j += 1 }
        return mayBeRelative(b, valueAt: j, quote: quote)
    }

    /// False only when the attribute value starting at `j` (inside `quote`, 0 if unquoted) certainly
    /// needs no rewriting: it is empty, starts with '#', or starts with a scheme. Looking at the raw
    /// bytes is enough because a value whose start hides behind '&' counts as maybe relative.
    private static func mayBeRelative(_ b: UnsafeBufferPointer<UInt8>, valueAt j: Int, quote: UInt8) -> Bool {
        guard j < b.count else { return false }
        let first = b[j]
        if (quote != 0 && first == quote) || first == UInt8(ascii: "#") { return false }
        if quote == 0 && (isSpace(first) || first == UInt8(ascii: ">")) { return false }
        // A scheme: a letter, then letters, digits, '+', '-' or '.', then ':' (as URLResolver.hasScheme).
        guard isAlpha(first) else { return true }
        var k = j + 1
        while k < b.count, isSchemeByte(b[k]) { k += 1 }
        return !(k < b.count && b[k] == UInt8(ascii: ":"))
    }

    private static func escapeAttribute(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "\"") }) else { return s }
        var out = ""
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }

    private static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 97 && (c | 0x20) <= 122 }
    private static func isSchemeByte(_ c: UInt8) -> Bool {
        isAlpha(c) || (c >= 48 && c <= 57) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
    }
    private static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 || c == 12 }
}

import CLibXML2
import FoundationEssentials
import LectorBasics

/// How the text of a captured element is to be read.
enum TextMode: Equatable {
    /// Plain text.
    case text
    /// HTML carried as escaped text; naked child elements are serialised back into markup.
    case html
    /// Inline XHTML: child elements and text are serialised as markup (text re-escaped).
    case xhtml
    /// Base64-encoded bytes (Atom 0.3 mode="base64", Atom 1.0 non-text MIME types).
    case base64

    /// The mode of an Atom text construct from its `type` and (Atom 0.3) `mode` attributes.
    static func atom(type: String?, mode: String?) -> TextMode {
        switch mode?.lowercased() {
        case "escaped": return .html
        case "base64": return .base64
        case "xml": return .xhtml
        default: break
        }
        guard let t = type?.lowercased().trimmed, !t.isEmpty else { return .text }
        switch t {
        case "text", "text/plain": return .text
        case "html", "text/html": return .html
        case "xhtml", "application/xhtml+xml": return .xhtml
        default:
            if t.hasSuffix("/xml") || t.hasSuffix("+xml") { return .xhtml }
            if t.hasPrefix("text/") { return .text }
            return .base64
        }
    }
}

/// Accumulates the bytes of one element's content, serialising nested markup as it arrives.
///
/// One capture serves a whole parse (`begin` starts each element), so its buffer is allocated once.
final class TextCapture {
    private(set) var mode = TextMode.text
    /// Stack depth of the element being captured.
    private(set) var depth = -1
    private let buffer = PlainBuffer<UInt8>(capacity: 4096)
    private var markupDepth = 0
    private var pendingOpenTag = false
    private var wrapperDepth: Int? = nil
    private var sawChildElement = false

    /// Starts capturing the content of a new element, dropping what the previous one left.
    func begin(mode: TextMode, depth: Int) {
        self.mode = mode
        self.depth = depth
        buffer.removeAll()
        markupDepth = 0
        pendingOpenTag = false
        wrapperDepth = nil
        sawChildElement = false
    }

    func characters(_ text: UnsafeBufferPointer<UInt8>) {
        closePendingTag()
        if mode == .xhtml || markupDepth > 0 {
            appendEscaped(text, escapingGreaterThan: mode == .xhtml)
        } else {
            buffer.append(text)
        }
    }

    /// Kept out of line so that plain text, which arrives in many tiny runs, takes a short path.
    @inline(never)
    private func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, escapingGreaterThan escapesGreaterThan: Bool) {
        var runStart = 0
        var i = 0
        while i < text.count {
            // Inline XHTML is mostly text with nothing to escape: step over it a word at a time.
            if i + 8 <= text.count && !mayNeedEscaping(UnsafeRawPointer(text.baseAddress! + i).loadUnaligned(as: UInt64.self)) {
                i += 8
                continue
            }
            let escape: StaticString
            switch text[i] {
            case UInt8(ascii: "&"): escape = "&amp;"
            case UInt8(ascii: "<"): escape = "&lt;"
            case UInt8(ascii: ">") where escapesGreaterThan: escape = "&gt;"
            default:
                i += 1
                continue
            }
            buffer.append(UnsafeBufferPointer(rebasing: text[runStart..<i]))
            buffer.append(escape)
            i += 1
            runStart = i
        }
        buffer.append(UnsafeBufferPointer(rebasing: text[runStart...]))
    }

    /// True when one of the eight bytes of `word` is '&', '<' or '>' (the classic zero-byte test,
    /// which has no false positives for "is there one").
    private func mayNeedEscaping(_ word: UInt64) -> Bool {
        func hasByte(_ byte: UInt8) -> Bool {
            let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
            return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
        }
        return hasByte(UInt8(ascii: "&")) || hasByte(UInt8(ascii: "<")) || hasByte(UInt8(ascii: ">"))
    }

    /// A child element start at stack depth `elementDepth`; serialised unless it is the XHTML wrapper div.
    func startChild(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, isXHTMLDiv: Bool,
                    attributes: RawAttributes, elementDepth: Int) {
        closePendingTag()
        if !sawChildElement && elementDepth == depth + 1 && isXHTMLDiv && (mode == .xhtml || mode == .html)
            && buffer.withElements({ $0.allSatisfy(isSpace) }) {
            wrapperDepth = elementDepth
            sawChildElement = true
            return
        }
        sawChildElement = true
        markupDepth += 1
        buffer.append(UInt8(ascii: "<"))
        appendQualifiedName(localName, prefix)
        for i in 0..<attributes.count {
            let a = attributes[i]
            buffer.append(UInt8(ascii: " "))
            appendQualifiedName(a.localName, a.prefix)
            buffer.append("=\"")
            for c in UnsafeBufferPointer(start: a.valueStart, count: a.valueEnd - a.valueStart) {
                switch c {
                case UInt8(ascii: "\""): buffer.append("&quot;")
                case UInt8(ascii: "<"): buffer.append("&lt;")
                default: buffer.append(c)
                }
            }
            buffer.append(UInt8(ascii: "\""))
        }
        pendingOpenTag = true
    }

    func endChild(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, elementDepth: Int) {
        if wrapperDepth == elementDepth {
            closePendingTag()
            wrapperDepth = nil
            return
        }
        markupDepth -= 1
        if pendingOpenTag {
            buffer.append(" />")
            pendingOpenTag = false
            return
        }
        buffer.append("</")
        appendQualifiedName(localName, prefix)
        buffer.append(UInt8(ascii: ">"))
    }

    /// The captured content, trimmed and decoded per mode; relative href/src in it are resolved against
    /// `urlBase` when one is given.
    func finish(rewritingURLsAgainst urlBase: URL? = nil) -> String {
        buffer.withElements { all in
            var lo = 0, hi = all.count
            while lo < hi, isSpace(all[lo]) { lo += 1 }
            while hi > lo, isSpace(all[hi - 1]) { hi -= 1 }
            let bytes = UnsafeBufferPointer(rebasing: all[lo..<hi])
            if mode == .base64 {
                let compact = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
                guard let data = Data(base64Encoded: compact, options: .ignoreUnknownCharacters) else { return compact }
                let decoded = String(decoding: data, as: UTF8.self).trimmed
                return urlBase.map { HTMLURLRewriter.rewrite(decoded, base: $0) } ?? decoded
            }
            if let urlBase, let rewritten = HTMLURLRewriter.rewrite(bytes: bytes, base: urlBase) {
                return rewritten.withUnsafeBufferPointer(decodeText)
            }
            return decodeText(bytes)
        }
    }

    /// Text as UTF-8; C1 controls (U+0080–U+009F) are windows-1252 punctuation that went through a
    /// Latin-1 decoder, so they are mapped back.
    private func decodeText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let scan = UTF8Scan(bytes)
        let s = String(decodingUTF8: bytes, scan: scan)
        return scan.hasC1Controls ? Windows1252.demoronize(s).trimmed : s
    }

    @inline(__always)
    private func closePendingTag() {
        if pendingOpenTag {
            buffer.append(UInt8(ascii: ">"))
            pendingOpenTag = false
        }
    }

    private func appendQualifiedName(_ localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?) {
        if let prefix {
            buffer.append(cString: prefix)
            buffer.append(UInt8(ascii: ":"))
        }
        buffer.append(cString: localName)
    }
}

private func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }

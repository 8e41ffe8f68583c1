import CLibXML2
import Foundation

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
struct TextCapture {
    let mode: TextMode
    /// Stack depth of the element being captured.
    let depth: Int
    private(set) var bytes: [UInt8] = []
    private var markupDepth = 0
    private var pendingOpenTag = false
    private var wrapperDepth: Int? = nil
    private var sawChildElement = false

    init(mode: TextMode, depth: Int) {
        self.mode = mode
        self.depth = depth
    }

    mutating func characters(_ text: UnsafeBufferPointer<UInt8>) {
        closePendingTag()
        let escape = mode == .xhtml || markupDepth > 0
        guard escape else {
            bytes.append(contentsOf: text)
            return
        }
        var runStart = 0
        for (i, c) in text.enumerated() where c == UInt8(ascii: "&") || c == UInt8(ascii: "<") || (c == UInt8(ascii: ">") && mode == .xhtml) {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<i]))
            switch c {
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            default: bytes.append(contentsOf: "&gt;".utf8)
            }
            runStart = i + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
    }

    /// A child element start at stack depth `elementDepth`; serialised unless it is the XHTML wrapper div.
    mutating func startChild(localName: String, prefix: UnsafePointer<xmlChar>?, isXHTMLDiv: Bool,
                             attributes: RawAttributes, elementDepth: Int) {
        closePendingTag()
        if !sawChildElement && elementDepth == depth + 1 && isXHTMLDiv && (mode == .xhtml || mode == .html)
            && bytes.allSatisfy(isSpace) {
            wrapperDepth = elementDepth
            sawChildElement = true
            return
        }
        sawChildElement = true
        markupDepth += 1
        bytes.append(UInt8(ascii: "<"))
        if let prefix { appendCString(prefix); bytes.append(UInt8(ascii: ":")) }
        bytes.append(contentsOf: localName.utf8)
        for i in 0..<attributes.count {
            let a = attributes[i]
            bytes.append(UInt8(ascii: " "))
            if let p = a.prefix { appendCString(p); bytes.append(UInt8(ascii: ":")) }
            appendCString(a.localName)
            bytes.append(contentsOf: "=\"".utf8)
            for c in UnsafeBufferPointer(start: a.valueStart, count: a.valueEnd - a.valueStart) {
                switch c {
                case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
                default: bytes.append(c)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
        pendingOpenTag = true
    }

    mutating func endChild(localName: String, prefix: UnsafePointer<xmlChar>?, elementDepth: Int) {
        if wrapperDepth == elementDepth {
            closePendingTag()
            wrapperDepth = nil
            return
        }
        markupDepth -= 1
        if pendingOpenTag {
            bytes.append(contentsOf: " />".utf8)
            pendingOpenTag = false
            return
        }
        bytes.append(contentsOf: "</".utf8)
        if let prefix { appendCString(prefix); bytes.append(UInt8(ascii: ":")) }
        bytes.append(contentsOf: localName.utf8)
        bytes.append(UInt8(ascii: ">"))
    }

    /// The captured content, trimmed and decoded per mode; relative href/src in it are resolved against
    /// `urlBase` when one is given.
    func finish(rewritingURLsAgainst urlBase: URL? = nil) -> String {
        var lo = 0, hi = bytes.count
        while lo < hi, isSpace(bytes[lo]) { lo += 1 }
        while hi > lo, isSpace(bytes[hi - 1]) { hi -= 1 }
        if mode == .base64 {
            let compact = String(decoding: bytes[lo..<hi], as: UTF8.self).filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: compact, options: .ignoreUnknownCharacters) else { return compact }
            let decoded = String(decoding: data, as: UTF8.self).trimmed
            return urlBase.map { HTMLURLRewriter.rewrite(decoded, base: $0) } ?? decoded
        }
        let trimmed = lo == 0 && hi == bytes.count ? bytes : Array(bytes[lo..<hi])
        let final = urlBase.flatMap { HTMLURLRewriter.rewrite(bytes: trimmed, base: $0) } ?? trimmed
        let s = String(decoding: final, as: UTF8.self)
        return hasC1Controls(final) ? Windows1252.demoronize(s).trimmed : s
    }

    /// UTF-8 encodings of U+0080–U+009F (C2 80 – C2 9F).
    private func hasC1Controls(_ b: [UInt8]) -> Bool {
        b.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return false }
            var i = 0
            while i + 1 < p.count {
                guard let hit = memchr(base + i, 0xC2, p.count - i - 1) else { return false }
                i = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                if p[i + 1] >= 0x80 && p[i + 1] <= 0x9F { return true }
                i += 1
            }
            return false
        }
    }

    private mutating func closePendingTag() {
        if pendingOpenTag {
            bytes.append(UInt8(ascii: ">"))
            pendingOpenTag = false
        }
    }

    private mutating func appendCString(_ p: UnsafePointer<xmlChar>) {
        var i = 0
        while p[i] != 0 { bytes.append(p[i]); i += 1 }
    }

    private func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }
}

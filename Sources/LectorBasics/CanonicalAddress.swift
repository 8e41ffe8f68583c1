/// An article's address as the same story's other copies carry it: what tells two links to one
/// page apart only in how they were written or tracked is taken away — the scheme (http and
/// https), the case of the host, a login, the default port, a trailing slash, the fragment, and
/// the tracking parameters newsletters and social sites add (`utm_*`, `fbclid` and the like).
/// Two addresses with the same key open the same page; the key is never shown.
public enum CanonicalAddress {
    /// Query parameters that only say where a click came from.
    static let trackingParameters: Set<String> = [
        "fbclid", "gclid", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "twclid", "igshid", "mc_cid", "mc_eid",
        "_hsenc", "_hsmi", "mkt_tok", "oly_anon_id", "oly_enc_id", "vero_id", "ref_src", "ref_url", "__s", "s_cid",
    ]

    /// The key of `address`, or nil for no usable address (empty, or not http(s)).
    public static func key(_ address: String) -> String? {
        // Nearly every address is ASCII: its key is read off its bytes, the same key as the
        // letters give (`CanonicalAddressTests`) at a fraction of the work, which a store's
        // first keying does for each of its articles.
        if let key = address.utf8.withContiguousStorageIfAvailable(asciiKey) { if let key { return key } }
        return generalKey(address)
    }

    /// The key as `key` takes it, letter by letter: any address.
    static func generalKey(_ address: String) -> String? {
        var text = Substring(address.trimmingBlanksAndNewlines)
        guard let schemeEnd = text.firstRange(of: "://") else { return nil }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        text = text[schemeEnd.upperBound...]
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        let authorityEnd = text.firstIndex { $0 == "/" || $0 == "?" } ?? text.endIndex
        var authority = text[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host = authority.lowercased()
        if host.hasSuffix(":80") || host.hasSuffix(":443") { host = String(host[..<host.lastIndex(of: ":")!]) }
        if host.hasSuffix(".") { host.removeLast() }
        guard !host.isEmpty else { return nil }
        let rest = text[authorityEnd...]
        let queryStart = rest.firstIndex(of: "?") ?? rest.endIndex
        var path = rest[..<queryStart]
        while path.hasSuffix("/") { path = path.dropLast() }
        let kept = queryStart == rest.endIndex ? [] : rest[rest.index(after: queryStart)...].split(separator: "&").filter { parameter in
            let name = (parameter.split(separator: "=", maxSplits: 1).first ?? parameter).lowercased()
            return !name.hasPrefix("utm_") && !trackingParameters.contains(name)
        }
        return host + path + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }

    /// The key of an address all in ASCII, from its bytes: `.some(nil)` for no usable address,
    /// nil when a byte is not ASCII (`generalKey` then takes it).
    static func asciiKey(_ bytes: UnsafeBufferPointer<UInt8>) -> String?? {
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        func blank(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
        func first(_ byte: UInt8, in range: Range<Int>) -> Int? { range.first { bytes[$0] == byte } }
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, blank(bytes[start]) { start += 1 }
        while end > start, blank(bytes[end - 1]) { end -= 1 }
        guard let schemeEnd = (start..<max(start, end - 2)).first(where: { bytes[$0] == 0x3A && bytes[$0 + 1] == 0x2F && bytes[$0 + 2] == 0x2F })
        else { return .some(nil) }
        let scheme = bytes[start..<schemeEnd].map(lower)
        guard scheme == Array("http".utf8) || scheme == Array("https".utf8) else { return .some(nil) }
        let textStart = schemeEnd + 3
        let textEnd = first(0x23, in: textStart..<end) ?? end // '#'
        let authorityEnd = (textStart..<textEnd).first { bytes[$0] == 0x2F || bytes[$0] == 0x3F } ?? textEnd // '/' or '?'
        let hostStart = (textStart..<authorityEnd).last { bytes[$0] == 0x40 }.map { $0 + 1 } ?? textStart // after the last '@'
        var key = bytes[hostStart..<authorityEnd].map(lower)
        if let port = [":80", ":443"].first(where: { key.count >= $0.utf8.count && key.suffix($0.utf8.count).elementsEqual($0.utf8) }) {
            key.removeLast(port.utf8.count)
        }
        if key.last == 0x2E { key.removeLast() } // '.'
        guard !key.isEmpty else { return .some(nil) }
        let queryStart = first(0x3F, in: authorityEnd..<textEnd) ?? textEnd // '?'
        var pathEnd = queryStart
        while pathEnd > authorityEnd, bytes[pathEnd - 1] == 0x2F { pathEnd -= 1 }
        key.append(contentsOf: bytes[authorityEnd..<pathEnd])
        if queryStart < textEnd {
            var kept = 0
            for parameter in bytes[(queryStart + 1)..<textEnd].split(separator: 0x26) { // '&'
                // The name as `split(separator: "=", maxSplits: 1).first` gives it: the first
                // run without '=', else the whole parameter.
                let name = parameter.split(separator: 0x3D, maxSplits: 1).first ?? parameter
                let lowered = String(decoding: name.map(lower), as: UTF8.self)
                guard !lowered.hasPrefix("utm_"), !trackingParameters.contains(lowered) else { continue }
                key.append(kept == 0 ? 0x3F : 0x26)
                key.append(contentsOf: parameter)
                kept += 1
            }
        }
        return .some(String(decoding: key, as: UTF8.self))
    }
}

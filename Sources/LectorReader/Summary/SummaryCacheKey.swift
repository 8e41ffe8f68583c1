extension SummaryRequest {
    /// A stable key for the finished summary of `articleID` under this provider, model and prompt.
    ///
    /// FNV-1a 64-bit over the UTF-8 of the fields joined by U+001F (a separator no setting can
    /// contain), as 16 lowercase hex digits. Stable across runs and platforms, unlike `hashValue`;
    /// the "v1" prefix lets a future format change invalidate old entries.
    public func cacheKey(articleID: String) -> String {
        let fields = ["v1", provider.rawValue, model, promptTemplate, articleID]
        return FNV1a64.hex(of: fields.joined(separator: "\u{1F}"))
    }
}

/// The 64-bit Fowler–Noll–Vo 1a hash: tiny, stable and good enough for cache keys (not security).
enum FNV1a64 {
    static func hex(of text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// The tokens of an RFC 822-style date, read in place: runs between blanks, tabs and commas, with
/// "10-Jun-2003"-like tokens (digits, dash, letters) split at their dashes.
struct DateTokens {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// Where the rest of a dashed token ends while it is being split.
    private var dashedEnd: Int?

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func next() -> UnsafeBufferPointer<UInt8>? {
        if let end = dashedEnd {
            if let piece = nextPiece(until: end, separatedBy: isDash) { return piece }
            dashedEnd = nil
        }
        guard let token = nextPiece(until: bytes.count, separatedBy: isSeparator) else { return nil }
        guard isDashedDate(token) else { return token }
        // Re-read the token piece by piece.
        dashedEnd = position
        position -= token.count
        return next()
    }

    /// The next non-empty run before `end` between bytes that `isBoundary` accepts; nil when none is left.
    private mutating func nextPiece(until end: Int, separatedBy isBoundary: (UInt8) -> Bool) -> UnsafeBufferPointer<UInt8>? {
        while position < end, isBoundary(bytes[position]) { position += 1 }
        guard position < end else { return nil }
        let start = position
        while position < end, !isBoundary(bytes[position]) { position += 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<position])
    }

    private func isDashedDate(_ token: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let dash = token.firstIndex(of: UInt8(ascii: "-")), dash > 0, FeedDateParser.isDigit(token[0]),
              dash + 1 < token.count else { return false }
        return FeedDateParser.isAlpha(token[dash + 1])
    }

    private func isSeparator(_ c: UInt8) -> Bool { c == UInt8(ascii: " ") || c == UInt8(ascii: ",") || c == 9 }
    private func isDash(_ c: UInt8) -> Bool { c == UInt8(ascii: "-") }
}

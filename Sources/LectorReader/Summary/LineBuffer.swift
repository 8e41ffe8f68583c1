import FoundationEssentials

/// Splits bytes arriving in arbitrary chunks into complete lines. Splitting on the LF byte is safe
/// in UTF-8 (it never occurs inside a multi-byte character), so a character cut in two by a chunk
/// boundary is decoded only once its line is whole.
struct LineBuffer {
    private var pending: [UInt8] = []

    /// Adds `data` and returns the lines it completed, without their CR LF or LF.
    mutating func append(_ data: Data) -> [String] {
        pending.append(contentsOf: data)
        guard let lastNewline = pending.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
        let complete = pending[...lastNewline]
        pending.removeSubrange(...lastNewline)
        return complete.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map { line in
            let trimmed = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
            return String(decoding: trimmed, as: UTF8.self)
        }
    }

    /// The last line when the stream ended without a final newline.
    mutating func finish() -> String? {
        defer { pending.removeAll() }
        guard !pending.isEmpty else { return nil }
        let line = pending.last == UInt8(ascii: "\r") ? pending.dropLast() : pending[...]
        return String(decoding: line, as: UTF8.self)
    }
}

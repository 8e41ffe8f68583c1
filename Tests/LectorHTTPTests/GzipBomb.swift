/// A gzip body that inflates to far more than it weighs: one fixed-Huffman deflate block holding a
/// single zero byte and then back-references of 258 bytes at distance 1 (13 bits each, about
/// 160:1). Built by hand because the tests link no compression library.
enum GzipBomb {
    /// The gzip header and the start of the deflate block, ending byte-aligned after `copies` copies.
    static let start: (bytes: [UInt8], copies: Int) = {
        var writer = BitWriter()
        writer.bits(1, count: 1)               // BFINAL: the only block
        writer.bits(1, count: 2)               // BTYPE 01: fixed Huffman codes
        writer.code(0x30, length: 8)           // literal 0
        var copies = 0
        // Copies until the stream is byte-aligned; from there 8 copies are exactly 13 bytes.
        while writer.pending != 0 {
            writer.copy258()
            copies += 1
        }
        return ([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3] + writer.flushAligned(), copies)
    }()

    /// 13 bytes holding 8 copies (2,064 inflated bytes); may follow `start` or itself any number of times.
    static let unit: [UInt8] = {
        var writer = BitWriter()
        for _ in 0..<8 { writer.copy258() }
        return writer.flushAligned()
    }()

    /// A whole gzip member inflating to at least `inflatedBytes` zeros. Its CRC is left at zero: a
    /// client that reads it to the end spends the memory before it can notice.
    static func body(inflatedBytes: Int) -> [UInt8] {
        let units = max(0, inflatedBytes - 1 - start.copies * 258) / (8 * 258) + 1
        var bytes = start.bytes
        bytes.reserveCapacity(bytes.count + units * unit.count + 16)
        for _ in 0..<units { bytes += unit }
        var tail = BitWriter()
        tail.code(0, length: 7)                // end of block
        bytes += tail.flushPadded()
        let size = UInt32(truncatingIfNeeded: 1 + (start.copies + units * 8) * 258)
        return bytes + [0, 0, 0, 0] + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
    }
}

/// Deflate's bit order: values least-significant bit first, Huffman codes most-significant first.
private struct BitWriter {
    private var bytes: [UInt8] = []
    private var current: UInt8 = 0
    private(set) var pending = 0

    mutating func bits(_ value: Int, count: Int) {
        for index in 0..<count { bit((value >> index) & 1) }
    }

    mutating func code(_ value: Int, length: Int) {
        for index in stride(from: length - 1, through: 0, by: -1) { bit((value >> index) & 1) }
    }

    /// Length 258 (code 285, no extra bits) at distance 1 (distance code 0, five bits).
    mutating func copy258() {
        code(0xC5, length: 8)
        code(0, length: 5)
    }

    /// The whole bytes written so far; only when no partial byte is pending.
    mutating func flushAligned() -> [UInt8] {
        precondition(pending == 0)
        defer { bytes = [] }
        return bytes
    }

    /// Everything written, the last byte padded with zero bits.
    mutating func flushPadded() -> [UInt8] {
        if pending > 0 {
            bytes.append(current)
            current = 0
            pending = 0
        }
        defer { bytes = [] }
        return bytes
    }

    private mutating func bit(_ value: Int) {
        current |= UInt8(value) << pending
        pending += 1
        if pending == 8 {
            bytes.append(current)
            current = 0
            pending = 0
        }
    }
}

/// One pass over UTF-8 bytes: whether they are well-formed, all ASCII, and hold C1 controls.
///
/// The standard library validates one byte at a time, which showed up as the largest single cost
/// of parsing content-heavy feeds. Feed text is mostly ASCII, so this scan strides over it eight
/// bytes at a time, and it notes C1 controls on the way, which saves the text another pass.
struct UTF8Scan {
    /// Well-formed per Unicode table 3-7: no overlong forms, surrogates or code points past U+10FFFF.
    private(set) var isValid = true
    private(set) var isASCII = true
    /// Some C2 80 – C2 9F pair (U+0080–U+009F), even in otherwise malformed bytes.
    private(set) var hasC1Controls = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let p = bytes.baseAddress else { return }
        let n = bytes.count
        var i = 0
        while i < n {
            while i + 8 <= n {
                let highBits = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080
                if highBits != 0 {
                    i += highBits.littleEndian.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            guard i < n else { break }
            let lead = p[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            isASCII = false
            if lead == 0xC2 && i + 1 < n && p[i + 1] >= 0x80 && p[i + 1] <= 0x9F { hasC1Controls = true }
            let length = Self.sequenceLength(p, at: i, count: n)
            if length == 0 {
                // Go on byte by byte so that hasC1Controls still sees every pair.
                isValid = false
                i += 1
            } else {
                i += length
            }
        }
    }

    /// True when a whole document is well-formed UTF-8.
    static func isValid(_ document: UnsafeRawBufferPointer) -> Bool {
        UTF8Scan(document.assumingMemoryBound(to: UInt8.self)).isValid
    }

    /// The length of the well-formed sequence whose lead byte (0x80 or above) is at `i`; 0 if there is none.
    @inline(__always)
    private static func sequenceLength(_ p: UnsafePointer<UInt8>, at i: Int, count n: Int) -> Int {
        // The second byte's range depends on the lead byte; later ones are plain continuations.
        let low: UInt8, high: UInt8, length: Int
        switch p[i] {
        case 0xC2...0xDF: (low, high, length) = (0x80, 0xBF, 2)
        case 0xE0: (low, high, length) = (0xA0, 0xBF, 3)
        case 0xE1...0xEC, 0xEE...0xEF: (low, high, length) = (0x80, 0xBF, 3)
        case 0xED: (low, high, length) = (0x80, 0x9F, 3)
        case 0xF0: (low, high, length) = (0x90, 0xBF, 4)
        case 0xF1...0xF3: (low, high, length) = (0x80, 0xBF, 4)
        case 0xF4: (low, high, length) = (0x80, 0x8F, 4)
        default: return 0
        }
        guard i + length <= n, p[i + 1] >= low, p[i + 1] <= high else { return 0 }
        if length > 2 && p[i + 2] & 0xC0 != 0x80 { return 0 }
        if length > 3 && p[i + 3] & 0xC0 != 0x80 { return 0 }
        return length
    }
}

extension String {
    /// The same string as `String(decoding: bytes, as: UTF8.self)`; bytes the scan found valid are
    /// copied without the standard library checking them again.
    init(decodingUTF8 bytes: UnsafeBufferPointer<UInt8>, scan: UTF8Scan) {
        guard scan.isValid else {
            self = String(decoding: bytes, as: UTF8.self)
            return
        }
        self = String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: scan.isASCII))
    }
}

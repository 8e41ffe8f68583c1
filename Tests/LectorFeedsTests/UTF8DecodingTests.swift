import Testing
@testable import LectorFeeds

@Suite("Fast UTF-8 decoding")
struct UTF8DecodingTests {
    /// Sequences over the bytes where UTF-8's rules change (lead bytes and second bytes; later bytes
    /// only need to be continuations or not) must be judged exactly as the standard library judges
    /// them, with ASCII padding in front so the eight-byte stride meets them at several offsets.
    @Test("agrees with the standard library on every boundary sequence")
    func agreesWithStandardLibrary() {
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
                              0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        let later: [UInt8] = [0x41, 0x7F, 0x80, 0xBF, 0xC0]
        var sequences: [[UInt8]] = edges.map { [$0] }
        for a in edges { for b in edges {
            sequences.append([a, b])
            for c in later {
                sequences.append([a, b, c])
                for d in later { sequences.append([a, b, c, d]) }
            }
        }}
        var disagreements: [[UInt8]] = []
        for core in sequences {
            for padding in [0, 3, 7] {
                let bytes = Array(repeating: UInt8(ascii: "x"), count: padding) + core + Array("tail".utf8)
                let (scan, ours) = bytes.withUnsafeBufferPointer { b in
                    let scan = UTF8Scan(b)
                    return (scan, String(decodingUTF8: b, scan: scan))
                }
                if ours != String(decoding: bytes, as: UTF8.self) || scan.isValid != (String(validating: bytes, as: UTF8.self) != nil)
                    || scan.hasC1Controls != hasC1Pair(bytes) {
                    disagreements.append(bytes)
                }
            }
        }
        #expect(disagreements.isEmpty, "first: \(disagreements.first ?? [])")
    }

    @Test("reports pure ASCII")
    func reportsASCII() {
        let ascii = Array("plain text, long enough to stride".utf8)
        let accented = Array("café, long enough to stride".utf8)
        #expect(ascii.withUnsafeBufferPointer { UTF8Scan($0).isASCII })
        #expect(!accented.withUnsafeBufferPointer { UTF8Scan($0).isASCII })
    }

    private func hasC1Pair(_ bytes: [UInt8]) -> Bool {
        bytes.indices.dropLast().contains { bytes[$0] == 0xC2 && (0x80...0x9F).contains(bytes[$0 + 1]) }
    }
}

/// UTF-16/UTF-32 detection (BOM or the zero-byte pattern of "<") and conversion to UTF-8.
///
/// Done here rather than in libxml2 because its push parser mishandles UCS-4 input.
enum WideUnicode: Equatable {
    case utf16(bigEndian: Bool, bom: Int)
    case utf32(bigEndian: Bool, bom: Int)

    static func detect(_ b: UnsafeRawBufferPointer) -> WideUnicode? {
        guard b.count >= 4 else { return nil }
        let (b0, b1, b2, b3) = (b[0], b[1], b[2], b[3])
        if b0 == 0 && b1 == 0 && b2 == 0xFE && b3 == 0xFF { return .utf32(bigEndian: true, bom: 4) }
        if b0 == 0xFF && b1 == 0xFE && b2 == 0 && b3 == 0 { return .utf32(bigEndian: false, bom: 4) }
        if b0 == 0xFE && b1 == 0xFF { return .utf16(bigEndian: true, bom: 2) }
        if b0 == 0xFF && b1 == 0xFE { return .utf16(bigEndian: false, bom: 2) }
        if b0 == 0 && b1 == 0 && b2 == 0 && b3 != 0 { return .utf32(bigEndian: true, bom: 0) }
        if b0 != 0 && b1 == 0 && b2 == 0 && b3 == 0 { return .utf32(bigEndian: false, bom: 0) }
        if b0 == 0 && b1 != 0 && b2 == 0 && b3 != 0 { return .utf16(bigEndian: true, bom: 0) }
        if b0 != 0 && b1 == 0 && b2 != 0 && b3 == 0 { return .utf16(bigEndian: false, bom: 0) }
        return nil
    }

    static func toUTF8(_ b: UnsafeRawBufferPointer, _ form: WideUnicode) -> [UInt8] {
        switch form {
        case .utf16(let be, let bom):
            var units = [UInt16]()
            units.reserveCapacity((b.count - bom) / 2)
            var i = bom
            while i + 1 < b.count {
                units.append(be ? UInt16(b[i]) << 8 | UInt16(b[i + 1]) : UInt16(b[i + 1]) << 8 | UInt16(b[i]))
                i += 2
            }
            return Array(String(decoding: units, as: UTF16.self).utf8)
        case .utf32(let be, let bom):
            var scalars = String.UnicodeScalarView()
            var i = bom
            while i + 3 < b.count {
                let v = be
                    ? UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
                    : UInt32(b[i + 3]) << 24 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 1]) << 8 | UInt32(b[i])
                scalars.append(Unicode.Scalar(v) ?? "\u{FFFD}")
                i += 4
            }
            return Array(String(scalars).utf8)
        }
    }
}

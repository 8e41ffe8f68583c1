/// windows-1252 to UTF-8, with the five unassigned bytes kept as their Latin-1 code points.
enum Windows1252 {
    private static let high: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// C1 control characters (U+0080–U+009F) are almost always windows-1252 bytes mislabelled as
    /// Latin-1 or escaped as `&#146;`; map them to the characters the author meant.
    static func demoronize(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0.value >= 0x80 && $0.value < 0xA0 }) else { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            if scalar.value >= 0x80 && scalar.value < 0xA0, let mapped = Unicode.Scalar(UInt32(high[Int(scalar.value - 0x80)])) {
                out.append(mapped)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    static func toUTF8(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + bytes.count / 8)
        for c in bytes {
            if c < 0x80 {
                out.append(c)
                continue
            }
            let scalar = c < 0xA0 ? UInt32(high[Int(c - 0x80)]) : UInt32(c)
            if scalar < 0x800 {
                out.append(UInt8(0xC0 | (scalar >> 6)))
                out.append(UInt8(0x80 | (scalar & 0x3F)))
            } else {
                out.append(UInt8(0xE0 | (scalar >> 12)))
                out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
                out.append(UInt8(0x80 | (scalar & 0x3F)))
            }
        }
        return out
    }
}

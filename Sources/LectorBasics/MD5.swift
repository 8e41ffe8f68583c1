import Glibc

/// MD5 (RFC 1321), needed only because the Fever API's key is md5("user:password") (the service
/// emulators use it the way their servers do too). Written here rather than taken from
/// libcrypto: linking libcrypto cost every start-up about 1.5 ms. Never for anything secret.
public enum MD5 {
    private static let shifts: [UInt32] = [7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                           5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
                                           4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                           6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21]
    /// floor(abs(sin(i + 1)) * 2^32), as the RFC tabulates.
    private static let constants: [UInt32] = (0..<64).map { UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296)) }

    /// The lowercase hex digest of `text`'s UTF-8 bytes.
    public static func hex(of text: String) -> String {
        var message = Array(text.utf8)
        let bits = UInt64(message.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 0, to: 64, by: 8) { message.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }

        var (a0, b0, c0, d0): (UInt32, UInt32, UInt32, UInt32) = (0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476)
        for start in stride(from: 0, to: message.count, by: 64) {
            let m = (0..<16).map { i in
                (0..<4).reduce(UInt32(0)) { $0 | UInt32(message[start + 4 * i + $1]) << (8 * UInt32($1)) }
            }
            var (a, b, c, d) = (a0, b0, c0, d0)
            for i in 0..<64 {
                let (f, g): (UInt32, Int)
                switch i {
                case 0..<16: (f, g) = ((b & c) | (~b & d), i)
                case 16..<32: (f, g) = ((d & b) | (~d & c), (5 * i + 1) % 16)
                case 32..<48: (f, g) = (b ^ c ^ d, (3 * i + 5) % 16)
                default: (f, g) = (c ^ (b | ~d), (7 * i) % 16)
                }
                let sum = a &+ f &+ constants[i] &+ m[g]
                (a, d, c) = (d, c, b)
                b = b &+ ((sum << shifts[i]) | (sum >> (32 - shifts[i])))
            }
            (a0, b0, c0, d0) = (a0 &+ a, b0 &+ b, c0 &+ c, d0 &+ d)
        }
        let digits = Array("0123456789abcdef")
        return [a0, b0, c0, d0].flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } }
            .map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 0xF)])" }.joined()
    }
}

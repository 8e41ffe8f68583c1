import FoundationEssentials
import LectorText
import Testing
@testable import LectorCLI

/// `JSONTextEncoder` replaced `JSONEncoder` + `JSONControlEscaping` for command output because it
/// costs a fraction of the instructions; scripts rely on the bytes, so it must write exactly what
/// the pair wrote, for every shape Lector's outputs take.
@Suite("JSON text encoder writes what JSONEncoder wrote")
struct JSONTextEncoderTests {
    struct Inner: Encodable {
        let name: String
        let count: Int
        let ratio: Double
        let flag: Bool
        let missing: String?
        let present: Int?
    }

    struct Outer: Encodable {
        let zeta: String
        let alpha: [Inner]
        let empty: [String]
        let emptyObject: [String: Int]
        let table: [String: Int]
        let nested: [[Int]]
        let when: Date
        let nothing: Inner?
        let optionalList: [String?]
    }

    /// A type with a hand-written `encode(to:)`: nested containers, nil, and a key written twice.
    struct Handmade: Encodable {
        enum Keys: String, CodingKey { case b, a, list, object, again }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("first", forKey: .again)
            try container.encodeNil(forKey: .b)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            try list.encodeNil()
            var inner = list.nestedContainer(keyedBy: Keys.self)
            try inner.encode(true, forKey: .a)
            var object = container.nestedContainer(keyedBy: Keys.self, forKey: .object)
            try object.encode(2.5, forKey: .a)
            try container.encode("second", forKey: .again)
        }
    }

    static let hostile = "q\"b\\s/ \u{0}\u{1}\u{7}\u{8}\t\n\u{B}\u{C}\r\u{1B}[31m\u{1F} del\u{7F} c1\u{85}\u{9B} "
        + "sep\u{2028}\u{2029} bidi\u{202A}\u{202E}\u{2066}\u{2069} café 😀 𝄞 \u{200B}\u{FEFF}"

    static func reference(_ value: some Encodable, pretty: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return JSONControlEscaping.escape(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    static func sample() -> Outer {
        let inners = [
            Inner(name: hostile, count: -42, ratio: 3.0, flag: true, missing: nil, present: 7),
            Inner(name: "", count: Int.max, ratio: 0.1, flag: false, missing: "x", present: nil),
            Inner(name: "plain", count: 0, ratio: -2.5e-7, flag: true, missing: nil, present: nil),
            Inner(name: "big", count: Int.min, ratio: 1e21, flag: false, missing: nil, present: 0),
            Inner(name: "fraction", count: 1, ratio: 123456789.125, flag: false, missing: nil, present: 0),
        ]
        return Outer(zeta: hostile, alpha: inners, empty: [], emptyObject: [:],
                     table: ["b": 2, "a": 1, "Z": 0, "é": 3, hostile: 4, "aa": 5],
                     nested: [[], [1], [2, 3]], when: Date(timeIntervalSince1970: 1_765_000_000.5),
                     nothing: nil, optionalList: ["x", nil])
    }

    @Test("pretty documents are byte for byte the same", arguments: [true, false])
    func sameBytes(pretty: Bool) throws {
        let outer = Self.sample()
        #expect(try JSONTextEncoder.encode(outer, pretty: pretty) == Self.reference(outer, pretty: pretty))
        #expect(try JSONTextEncoder.encode(Handmade(), pretty: pretty) == Self.reference(Handmade(), pretty: pretty))
        #expect(try JSONTextEncoder.encode([Outer](), pretty: pretty) == Self.reference([Outer](), pretty: pretty))
        #expect(try JSONTextEncoder.encode(["k": [String: Int]()], pretty: pretty) == Self.reference(["k": [String: Int]()], pretty: pretty))
        #expect(try JSONTextEncoder.encode(Self.hostile, pretty: pretty) == Self.reference(Self.hostile, pretty: pretty))
        for number in [0.0, -0.0, 1.0, 0.5, 1e16, 1e-5, 3.14159, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude] {
            #expect(try JSONTextEncoder.encode([number], pretty: pretty) == Self.reference([number], pretty: pretty), "\(number)")
        }
    }

    @Test("every scalar a string can hold is escaped as before")
    func everyControl() throws {
        let text = String(String.UnicodeScalarView((0...0x2FF).compactMap(Unicode.Scalar.init) + (0x2000...0x206F).compactMap(Unicode.Scalar.init)))
        #expect(try JSONTextEncoder.encode(["t": text], pretty: false) == Self.reference(["t": text], pretty: false))
    }

    @Test("numbers JSON cannot hold are refused, not written")
    func nonFinite() {
        #expect(throws: EncodingError.self) { try JSONTextEncoder.encode([Double.nan], pretty: true) }
        #expect(throws: EncodingError.self) { try JSONTextEncoder.encode(["x": Double.infinity], pretty: false) }
    }
}

import Foundation
import Testing
import LectorTestSupport

@Suite("Emulator encodings")
struct EncodingTests {
    @Test("JSON is written like PHP: unescaped for GReader, \\/ and \\u escapes for Fever")
    func phpStyles() {
        let value = JSONValue.object([("t", .string("a/b ＆ é \"q\"\n")), ("n", .int(-3)), ("b", .bool(true)), ("z", .null)])
        #expect(value.serialized(.unescaped) == "{\"t\":\"a/b ＆ é \\\"q\\\"\\n\",\"n\":-3,\"b\":true,\"z\":null}")
        #expect(value.serialized(.phpDefault) == "{\"t\":\"a\\/b \\uff06 \\u00e9 \\\"q\\\"\\n\",\"n\":-3,\"b\":true,\"z\":null}")
        #expect(JSONValue.string("😀").serialized(.phpDefault) == "\"\\ud83d\\ude00\"", "astral characters become surrogate pairs")
    }

    @Test("GReader item ids convert between long, decimal and bare hex forms")
    func itemIDs() {
        let id: Int64 = 1_795_966_911_164_803
        #expect(GReaderItemID.long(id) == "tag:google.com,2005:reader/item/0006616c21c4b183")
        #expect(GReaderItemID.parse("tag:google.com,2005:reader/item/0006616c21c4b183") == id)
        #expect(GReaderItemID.parse("1795966911164803") == id)
        #expect(GReaderItemID.parse("0006616c21c4b183") == id, "a leading 0 means hex")
        #expect(GReaderItemID.parse(GReaderItemID.long(-2)) == -2, "negative ids round-trip as two's complement")
    }

    @Test("form decoding handles +, escapes, repeated keys and bare flags")
    func formDecoding() {
        let items = FormDecoding.decode("api&a=1&a=x%2Fy&b=two+words")
        #expect(items.map(\.name) == ["api", "a", "a", "b"])
        #expect(items.map(\.value) == ["", "1", "x/y", "two words"])
    }

    @Test("form decoding in bytes gives what Foundation's replacing and removingPercentEncoding gave, malformed escapes kept as sent",
          arguments: ["plain", "", "a+b", "a%2Bb+c", "%zz", "100%", "%2", "%C3%A9t%C3%A9", "%FF", "+%", "é+x%20y", "%e2%80%99s",
                      "tag%3Agoogle.com%2C2005%3Areader%2Fitem%2F0006616c21c4b183", "%%41", "%41%", "++", "%00"])
    func formDecodingAsFoundation(text: String) {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        #expect(FormDecoding.unescape(text) == (spaced.removingPercentEncoding ?? spaced), "for \(text)")
    }

    @Test("a form is cut into fields in bytes where its letters cut it: empty fields dropped, the first = splits, bare names",
          arguments: ["", "&", "a&&b", "=x", "a==b=c", "a=&=", "i=1&i=2&a=user%2Fstate&T=tok", "x=1\r\n&y=2", "&&a=+&", "é=1&b=ü%20"])
    func formSplitting(text: String) {
        let letters = text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (FormDecoding.unescape(String(parts[0])), parts.count > 1 ? FormDecoding.unescape(String(parts[1])) : "")
        }
        let decoded = FormDecoding.decode(text)
        #expect(decoded.map(\.name) == letters.map(\.0) && decoded.map(\.value) == letters.map(\.1), "for \(text.debugDescription)")
    }
}

import Foundation
import LectorBasics
import Testing

/// LectorBasics stands in for full Foundation, which the binary no longer links; the tests link it
/// and hold each replacement to what Foundation answered for the same input.
@Suite("LectorBasics answers as full Foundation did")
struct FoundationParityTests {
    static let texts = ["", "  ", "\t a b \t", "\u{00A0}x\u{2003}", " \n x \r\n", "\u{2028}y\u{2029}", "naïve café", "\u{85}z", "x"]

    @Test("trimmingBlanks matches trimmingCharacters(in: .whitespaces)", arguments: texts)
    func blanks(text: String) {
        #expect(text.trimmingBlanks == text.trimmingCharacters(in: .whitespaces), "for \(text.debugDescription)")
    }

    @Test("trimmingBlanksAndNewlines matches trimmingCharacters(in: .whitespacesAndNewlines)", arguments: texts)
    func blanksAndNewlines(text: String) {
        #expect(text.trimmingBlanksAndNewlines == text.trimmingCharacters(in: .whitespacesAndNewlines), "for \(text.debugDescription)")
    }

    static let urls = ["plain", "a b/c?d=e&f#g", "ünïcode/päth", "100%", "%41%zz", "~user/._-", "[x]{y}|z^`", "quote\"'<>"]

    @Test("percentEncoded matches addingPercentEncoding for the unreserved and fragment sets", arguments: urls)
    func encoding(text: String) {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        #expect(text.percentEncoded(allowing: URLBytes.isUnreserved) == text.addingPercentEncoding(withAllowedCharacters: unreserved))
        let fragment = CharacterSet.urlFragmentAllowed.union(CharacterSet(charactersIn: "#%"))
        #expect(text.percentEncoded { URLBytes.isFragmentAllowed($0) || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "%") }
                == text.addingPercentEncoding(withAllowedCharacters: fragment), "for \(text)")
    }

    @Test("percentDecoded matches removingPercentEncoding, nil for malformed escapes and non-UTF-8",
          arguments: ["a%20b", "%C3%A9t%C3%A9", "100%", "%4", "%zz", "%FF", "plain", "%2541"])
    func decoding(text: String) {
        #expect(text.percentDecoded == text.removingPercentEncoding, "for \(text)")
    }

    @Test("replacingAll matches replacingOccurrences(of:with:), \\n inside \\r\\n included",
          arguments: [("a\tb\tc", "\t", " "), ("line\r\nnext\n", "\n", " "), ("\"quoted\"", "\"", "\"\""), ("aaa", "aa", "b"),
                      ("na\u{EF}ve | caf\u{E9}", "|", "\\|"), ("secret-key in secret-key", "secret-key", "\u{2026}"), ("", "x", "y"),
                      ("no match", "zz", "y"), ("\u{1}start\u{2}", "\u{1}", "")])
    func replacing(text: String, target: String, replacement: String) {
        #expect(text.replacingAll(target, with: replacement) == text.replacingOccurrences(of: target, with: replacement),
                "replacing \(target.debugDescription) in \(text.debugDescription)")
    }

    @Test("zero-padded numbers match String(format:)")
    func padded() {
        #expect(String(zeroPadded: UInt8(0x0A), radix: 16, width: 2, uppercase: true) == String(format: "%02X", 0x0A))
        #expect(String(zeroPadded: UInt32(0x1F), radix: 16, width: 4) == String(format: "%04x", 0x1F))
        #expect(String(zeroPadded: Int64(42), width: 6) == String(format: "%06d", 42))
        #expect(String(zeroPadded: 1_234_567, width: 6) == "1234567")
    }

    @Test("JSONObject reads what JSONSerialization read, numbers as Int or Double")
    func jsonParse() throws {
        let text = #"{"s": "x\u00e9\n", "i": 42, "neg": -7, "d": 1.5, "e": 1e3, "t": true, "f": false, "n": null, "a": [1, "two", [3]], "o": {"k": "v"}}"#
        let ours = try #require(try JSONObject.parse(Data(text.utf8)) as? [String: Any])
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(ours.keys) == Set(theirs.keys))
        #expect(ours["s"] as? String == theirs["s"] as? String)
        #expect(ours["i"] as? Int == 42 && ours["neg"] as? Int == -7)
        #expect(ours["d"] as? Double == 1.5)
        #expect(ours["e"] as? Int == 1000, "a whole number in exponent form is an Int, as NSNumber answered as? Int")
        #expect(ours["t"] as? Bool == true && ours["f"] as? Bool == false)
        #expect(ours["n"] is JSONNull)
        let array = try #require(ours["a"] as? [Any])
        #expect(array.count == 3 && array[0] as? Int == 1 && array[1] as? String == "two" && (array[2] as? [Any])?.first as? Int == 3)
        #expect((ours["o"] as? [String: Any])?["k"] as? String == "v")
        #expect(try JSONObject.parse(Data("\"bare\"".utf8)) as? String == "bare")
        #expect(throws: (any Error).self) { try JSONObject.parse(Data("{\"unterminated\": ".utf8)) }
    }

    @Test("JSONObject writes JSON that JSONSerialization reads back to the same values")
    func jsonWrite() throws {
        let value: [String: Any] = ["ids": [Int64(1), Int64(2)], "status": "read", "starred": true, "text": "q\"uote\\ \u{1}\n"]
        let data = try #require(JSONObject.data(value))
        let back = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(back["ids"] as? [Int] == [1, 2])
        #expect(back["status"] as? String == "read")
        #expect(back["starred"] as? Bool == true)
        #expect(back["text"] as? String == "q\"uote\\ \u{1}\n")
        #expect(JSONObject.data(["bad": Double.nan]) == nil, "NaN has no JSON form")
    }

    @Test("a Lock excludes: counts from many threads add up")
    func lock() async {
        let lock = Lock()
        nonisolated(unsafe) var count = 0
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { for _ in 0..<10_000 { lock.withLock { count += 1 } } } }
        }
        #expect(count == 80_000)
    }
}

import Foundation
import Testing
@testable import LectorSettings

@Suite("JSON values")
struct JSONValueTests {
    @Test("parsing keeps integers and fractions apart and reads every JSON type")
    func parsesEveryType() throws {
        let value = try JSONValue(parsing: data(#"{"i": 15, "d": 1.5, "e": 2e3, "s": "a\"b\u00e9\ud83d\ude00", "b": true, "n": null, "a": [1, [false]], "o": {}}"#))
        let expected: JSONValue = ["i": 15, "d": .double(1.5), "e": .double(2000), "s": "a\"bé😀", "b": true, "n": .null, "a": [1, [false]], "o": [:]]
        #expect(value == expected, "a parsed document should keep every type and escape")
    }

    @Test("canonical text sorts keys and is stable across a parse round trip")
    func canonicalTextIsStable() throws {
        let value: JSONValue = ["b": [1, 2], "a": ["z": "x\n", "y": .double(0.25)], "c": .null]
        #expect(value.canonicalText() == #"{"a":{"y":0.25,"z":"x\n"},"b":[1,2],"c":null}"#, "keys must be sorted and strings escaped")
        let pretty = value.canonicalData(pretty: true)
        #expect(try JSONValue(parsing: pretty) == value, "pretty output must parse back to the same value")
        #expect(String(decoding: pretty, as: UTF8.self).hasSuffix("}\n"), "pretty output ends with a newline")
    }

    @Test("a truncated document reports where the text ended")
    func truncatedReportsEnd() {
        let text = "{\n  \"a\": [1,\n    2"
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: data(text)) }
        do {
            _ = try JSONValue(parsing: data(text))
        } catch {
            #expect(error.reachedEnd, "running out of text is a truncation")
            #expect(error.line == 3 && error.column == 6 && error.offset == text.utf8.count, "position should be the end: \(error)")
            #expect(error.description.contains("the file looks truncated"), "message should say truncated: \(error)")
        }
    }

    @Test("a syntax error names the line, column and byte of the offending character")
    func syntaxErrorPosition() {
        do {
            _ = try JSONValue(parsing: data("{\n  \"a\": tru,\n}"))
            Issue.record("invalid literal was accepted")
        } catch {
            #expect(error.line == 2 && error.column == 8, "the bad literal starts at line 2, column 8: \(error)")
            #expect(!error.reachedEnd, "this is not a truncation")
            #expect(error.reason == "expected a value but found 'tru'", "the message quotes what was written: \(error.reason)")
        }
    }

    @Test("duplicate member names, trailing commas, leading zeros and garbage after the value are refused")
    func strictness() {
        for bad in [#"{"a":1,"a":2}"#, "[1,]", "01", "{} x", "", "\"\u{01}\""] {
            #expect(throws: JSONParseError.self, "'\(bad)' must be refused") { try JSONValue(parsing: data(bad)) }
        }
    }

    @Test("Codable encoding and decoding agree with the hand-written parser")
    func codableRoundTrip() throws {
        let value: JSONValue = ["list": [1, "two", true, .null], "nested": ["x": .double(2.5)]]
        let encoded = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: encoded) == value, "Codable round trip must be lossless")
        #expect(try JSONValue(parsing: encoded) == value, "the parser must read what JSONEncoder writes")
    }
}

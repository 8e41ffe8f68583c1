import Foundation
import Testing
@testable import LectorText

@Suite("JSON for a terminal")
struct JSONControlEscapingTests {
    @Test("C1 controls, DEL, line separators and bidi controls are written as \\u escapes, and the value is unchanged")
    func escapesWhatTheEncoderLeavesRaw() throws {
        let value = ["title": "a\u{85}b\u{9b}2Jc\u{7f}d\u{2028}e\u{202e}f\u{2066}g\u{1b}h"]
        let raw = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        let escaped = JSONControlEscaping.escape(raw)
        for code in ["\\u0085", "\\u009b", "\\u007f", "\\u2028", "\\u202e", "\\u2066", "\\u001b"] {
            #expect(escaped.contains(code), "\(code) missing from \(escaped)")
        }
        #expect(!escaped.unicodeScalars.contains { $0.value >= 0x7F && $0.value <= 0x9F }, "a raw C1 control survived: \(escaped.debugDescription)")
        #expect(try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8)) == value, "escaping changed the value")
    }
}

import LectorBasics
import Testing

/// The hand-written scanners stand for the regular expressions these places used before (Swift's
/// `Regex`, kept here as the reference): each must find what its expression found, on the texts
/// a server sends and on generated ones that mix the pattern's pieces.
@Suite("Markup scanning: the same answers as the expressions it replaced")
struct MarkupScanningTests {
    /// Texts built from the pieces each pattern cares about, so that partial and nested matches
    /// come up: every sequence of up to `length` pieces.
    static func mixes(_ pieces: [String], length: Int) -> [String] {
        var texts = [""]
        var current = [""]
        for _ in 0..<length {
            current = current.flatMap { prefix in pieces.map { prefix + $0 } }
            texts += current
        }
        return texts
    }

    @Test("an HTML page's title")
    func title() {
        let reference = { (text: String) in text.firstMatch(of: /(?is)<title[^>]*>(.*?)<\/title>/).map { String($0.1) } }
        let texts = Self.mixes(["<title>", "<TITLE lang=en>", "</title>", "</TiTlE>", "x", ">", "\n", "é"], length: 4)
            + ["<html><head><title>Login – Tiny Tiny RSS</title></head>", "<p>no title</p>", "<title>open"]
        for text in texts {
            #expect(MarkupScanning.htmlTitle(text) == reference(text), "\(text.debugDescription)")
        }
    }

    @Test("terminal escape sequences taken out whole")
    func escapes() {
        let reference = { (text: String) in
            text.replacing(/\x{1B}(\[[0-9;?]*[ -\/]*[@-~]|\][^\x{07}\x{1B}]*(\x{07}|\x{1B}\\)?|.)/, with: "")
        }
        let texts = Self.mixes(["\u{1B}", "[", "]", "1;2", "?", " ", "m", "\u{07}", "\\", "a", "\n"], length: 4)
            + ["red \u{1B}[31mtext\u{1B}[0m", "\u{1B}]0;title\u{07}after", "\u{1B}]8;;http://x\u{1B}\\link", "end\u{1B}"]
        for text in texts {
            #expect(MarkupScanning.withoutEscapeSequences(text) == reference(text), "\(text.debugDescription)")
        }
    }

    @Test("a quoted assignment in a script")
    func assignment() {
        let reference = { (text: String) in text.firstMatch(of: /__csrf_token\s*=\s*"([^"]+)"/).map { String($0.1) } }
        let texts = Self.mixes(["__csrf_token", " ", "=", "\"", "abc", "\n"], length: 5)
            + ["const __csrf_token = \"aBc123\";", "__csrf_token=\"\";__csrf_token = \"second\""]
        for text in texts {
            #expect(MarkupScanning.quotedAssignment(of: "__csrf_token", in: text) == reference(text), "\(text.debugDescription)")
        }
    }

    @Test("a tag's attributes")
    func attributes() {
        let reference = { (text: String) in
            text.matches(of: /([A-Za-z_:][-A-Za-z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/).map { match in
                (String(match.output.1), (match.output.2 ?? match.output.3 ?? match.output.4).map(String.init))
            }
        }
        let texts = Self.mixes(["name", "=", "\"v\"", "'w'", "x1", " ", "\"", "-", ":d"], length: 4)
            + ["type='checkbox' name=\"mark\" checked dojoType=\"dijit.form.CheckBox\"", "value=a&amp;b disabled"]
        for text in texts {
            let got = MarkupScanning.attributes(text)
            let expected = reference(text)
            #expect(got.map(\.name) == expected.map(\.0) && got.map(\.value) == expected.map(\.1), "\(text.debugDescription)")
        }
    }

    @Test("the input and select tags of a form, and a select's options up to its end")
    func tags() {
        let reference = { (text: String) in
            text.matches(of: /<(input|select)\b([^>]*)>/.ignoresCase()).map { "\($0.output.1.lowercased()) \($0.output.2)" }
        }
        let texts = Self.mixes(["<input", "<SELECT", "<inputs", " a=1", ">", "<", "x"], length: 4)
            + ["<input name='a' value=\"<select>\"><select name=b><option selected value=1>"]
        for text in texts {
            let got = MarkupScanning.tags(["input", "select"], in: Array(text.utf8)).map { "\($0.name) \($0.attributes)" }
            #expect(got == reference(text), "\(text.debugDescription)")
        }
    }
}

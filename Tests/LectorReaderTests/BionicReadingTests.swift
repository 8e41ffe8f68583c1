import Testing
import LectorBasics
@testable import LectorReader

@Suite("Bionic Reading")
struct BionicReadingTests {
    let sentence = "<p>Reading quickly isn't a trick — it's practice.</p>"
    let on = "\u{1b}[1m", off = "\u{1b}[22m"

    @Test("F1 bolds 30% of each word, rounded up")
    func lightest() {
        let text = render(sentence, color: true, bionic: .f1).body
        let expected = "\(on)Rea\(off)ding \(on)qui\(off)ckly \(on)is\(off)n't a \(on)tr\(off)ick — \(on)it\(off)'s \(on)pra\(off)ctice."
        #expect(text == expected, "got \(text.debugDescription)")
    }

    @Test("F5 bolds 70% of each word, rounded up")
    func heaviest() {
        let text = render(sentence, color: true, bionic: .f5).body
        let expected = "\(on)Readi\(off)ng \(on)quick\(off)ly \(on)isn'\(off)t a \(on)tric\(off)k — \(on)it'\(off)s \(on)practi\(off)ce."
        #expect(text == expected, "got \(text.debugDescription)")
    }

    @Test("fixation lengths follow the documented table, short words included")
    func table() {
        let expected: [BionicMode: [Int]] = [
            .f1: [0, 1, 1, 2, 3, 3], .f2: [0, 1, 1, 2, 3, 4], .f3: [0, 1, 1, 2, 4, 5],
            .f4: [0, 1, 1, 3, 5, 6], .f5: [0, 1, 1, 3, 5, 7], .off: [0, 0, 0, 0, 0, 0],
        ]
        for (mode, lengths) in expected {
            let got = [1, 2, 3, 4, 7, 10].map { mode.fixationLength(forWordLength: $0) }
            #expect(got == lengths, "\(mode): \(got)")
        }
    }

    @Test("modes grow monotonically from F1 to F5")
    func monotonic() {
        for length in 4...30 {
            let values = [BionicMode.f1, .f2, .f3, .f4, .f5].map { $0.fixationLength(forWordLength: length) }
            #expect(values == values.sorted(), "length \(length): \(values)")
        }
    }

    @Test("words include letters of any script, digits, apostrophes and hyphens")
    func unicodeWords() {
        let out = BionicReading.emphasize("Größe e-mail 2026", mode: .f3)
        #expect(out == "\(on)Grö\(off)ße \(on)e-m\(off)ail \(on)20\(off)26", "got \(out.debugDescription)")
    }

    @Test("never inside code, pre, URLs, reference markers or the reference list")
    func exclusions() {
        let html = "<p>Run <code>swift build</code> at https://example.com/path <a href='/x'>here</a></p><pre>let value = 1</pre><img src='a.png' alt='cat picture'>"
        let result = render(html, color: true, bionic: .f5)
        #expect(result.body.contains("`swift build`"), "inline code was emphasised: \(result.body.debugDescription)")
        #expect(result.body.contains("https://example.com/path"), "URL was emphasised: \(result.body.debugDescription)")
        #expect(result.body.contains("    let value = 1"), "pre was emphasised: \(result.body.debugDescription)")
        #expect(result.body.contains("\(off)e[1]"), "marker was emphasised: \(result.body.debugDescription)")
        #expect(result.body.contains("[image: cat picture][2]"), "image label was emphasised")
        #expect(!result.referenceLines.joined().contains("\u{1b}"), "reference list carries escape codes")
    }

    @Test("no escape codes at all when color is off, whatever the mode")
    func colorOff() {
        for mode in BionicMode.allCases {
            #expect(!render(sentence, color: false, bionic: mode).body.contains("\u{1b}"), "\(mode) leaked escapes")
        }
    }

    @Test("wrapping ignores the escape codes")
    func wrapWidth() {
        let html = "<p>" + String(repeating: "extraordinary perspectives ", count: 10) + "</p>"
        let plain = render(html, width: 30).body
        let bionic = render(html, width: 30, color: true, bionic: .f5).body
        #expect(visible(bionic) == plain, "Bionic Reading changed where lines break")
    }
}

import Foundation
import LectorReader

/// `lector-bench extract`: full-content extraction over the Readability corpus (source.html
/// against expected.html, page URL http://fakehost/test/page.html). Token F1 of the extracted
/// text, beside the peer measured in the same run: all visible text of the page. Then the
/// articles corpus, judged by people (`ArticlesBench`).
enum ExtractBench {
    static func run(_ options: BenchOptions) throws {
        let directory = SharedCorpus.root + "/corpus/readability"
        guard FileManager.default.fileExists(atPath: directory) else {
            throw BenchError.skipped("no Readability corpus at \(directory) (set LECTOR_SHARED)")
        }
        let url = URL(string: "http://fakehost/test/page.html")!
        let dump = options.string("dump", default: "")
        if !dump.isEmpty { try FileManager.default.createDirectory(atPath: dump, withIntermediateDirectories: true) }
        var rows: [(page: String, f1: Double, precision: Double, visible: Double, milliseconds: Double)] = []
        for page in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() {
            guard let source = FileManager.default.contents(atPath: "\(directory)/\(page)/source.html"),
                  let expected = FileManager.default.contents(atPath: "\(directory)/\(page)/expected.html") else { continue }
            let truth = tokens(visibleText(String(decoding: expected, as: UTF8.self)))
            var extracted = ""
            let milliseconds = secondsElapsed {
                extracted = (try? ContentExtractor.extract(html: source, url: url).textContent) ?? ""
            } * 1_000
            let ours = score(tokens(extracted), truth)
            let visible = score(tokens(visibleText(String(decoding: source, as: UTF8.self))), truth)
            rows.append((page, ours.f1, ours.precision, visible.f1, milliseconds))
            if !dump.isEmpty {
                _ = FileManager.default.createFile(atPath: "\(dump)/readability-\(page).txt", contents: Data(String(format: "%.4f\n%@", ours.f1, extracted).utf8))
            }
        }
        guard !rows.isEmpty else { throw BenchError.skipped("the Readability corpus is empty") }
        let f1s = rows.map(\.f1), visible = rows.map(\.visible)
        let mean = f1s.reduce(0, +) / Double(f1s.count), meanVisible = visible.reduce(0, +) / Double(visible.count)
        let precision = rows.map(\.precision).reduce(0, +) / Double(rows.count)
        print(String(format: "extract: %d pages; token F1 mean %.3f, median %.3f (precision %.3f); all visible text: mean %.3f; %.1f ms per page (median)",
                     rows.count, mean, median(f1s), precision, meanVisible, median(rows.map(\.milliseconds))))
        print("worst five: " + rows.sorted { $0.f1 < $1.f1 }.prefix(5).map { String(format: "%@ %.3f", $0.page, $0.f1) }.joined(separator: ", "))
        Summary.record("extract", "token F1 over the Readability corpus (mean)", lector: String(format: "%.3f", mean),
                       peer: String(format: "all visible text %.3f", meanVisible), ratio: String(format: "%.2f×", mean / meanVisible),
                       goal: "≥ 0.97: " + Summary.verdict(mean >= 0.97))
        Summary.record("extract", "time per page (median)", lector: String(format: "%.1f ms", median(rows.map(\.milliseconds))),
                       peer: "—", ratio: "—", goal: "—")
        try ArticlesBench.run(options)
    }

    /// The text a reader would see, from the renderer at a width that never wraps.
    static func visibleText(_ html: String) -> String {
        TerminalRenderer(width: 1_000_000, style: RenderStyle()).render(html: html, baseURL: nil).body
    }

    /// Words of letters and digits; in scripts written without spaces (Han, kana, Hangul) every
    /// character is a token, as CJK evaluations count them — otherwise a whole sentence would be
    /// one token and a single differing character would lose all of it.
    static func tokens(_ text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        var word = ""
        func flush() {
            if !word.isEmpty { counts[word, default: 0] += 1 }
            word = ""
        }
        for character in text.lowercased() {
            if let scalar = character.unicodeScalars.first, isUnspacedScript(scalar) {
                flush()
                counts[String(character), default: 0] += 1
            } else if character.isLetter || character.isNumber {
                word.append(character)
            } else {
                flush()
            }
        }
        flush()
        return counts
    }

    static func isUnspacedScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF66...0xFF9F: true
        default: false
        }
    }

    /// Precision, recall and F1 over word multisets.
    static func score(_ ours: [String: Int], _ truth: [String: Int]) -> (f1: Double, precision: Double) {
        let overlap = ours.reduce(0) { $0 + min($1.value, truth[$1.key] ?? 0) }
        let oursCount = ours.values.reduce(0, +), truthCount = truth.values.reduce(0, +)
        guard oursCount > 0, truthCount > 0, overlap > 0 else { return (oursCount == truthCount ? 1 : 0, 0) }
        let precision = Double(overlap) / Double(oursCount), recall = Double(overlap) / Double(truthCount)
        return (2 * precision * recall / (precision + recall), precision)
    }
}

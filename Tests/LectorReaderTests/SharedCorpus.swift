import Foundation

/// Locates /work/shared-style corpora: $LECTOR_SHARED, else `../shared` next to the repository.
enum SharedCorpus {
    static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["LECTOR_SHARED"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return repoRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    static var readability: URL { root.appendingPathComponent("corpus/readability") }

    static var hasReadability: Bool {
        FileManager.default.fileExists(atPath: readability.appendingPathComponent("001/source.html").path)
    }
}

/// Word-bag similarity used to compare extracted text with Readability's expected output.
enum TextSimilarity {
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Dice over word-bigram multisets: also drops when the same words come in another order.
    static func bigramDice(_ a: String, _ b: String) -> Double {
        func bigrams(_ text: String) -> [String] {
            let w = words(text)
            return w.count < 2 ? w : (1..<w.count).map { w[$0 - 1] + " " + w[$0] }
        }
        return dice(bigrams(a).joined(separator: "\u{1}"), bigrams(b).joined(separator: "\u{1}"), split: "\u{1}")
    }

    /// Dice coefficient over word multisets: 2·|A∩B| / (|A|+|B|); 1 means the same words, same counts.
    static func dice(_ a: String, _ b: String, split separator: Character? = nil) -> Double {
        let wordsA = separator.map { s in a.split(separator: s).map(String.init) } ?? words(a)
        let wordsB = separator.map { s in b.split(separator: s).map(String.init) } ?? words(b)
        if wordsA.isEmpty && wordsB.isEmpty { return 1 }
        var counts: [String: Int] = [:]
        for word in wordsA { counts[word, default: 0] += 1 }
        var common = 0
        for word in wordsB where (counts[word] ?? 0) > 0 {
            counts[word]! -= 1
            common += 1
        }
        return 2 * Double(common) / Double(wordsA.count + wordsB.count)
    }
}

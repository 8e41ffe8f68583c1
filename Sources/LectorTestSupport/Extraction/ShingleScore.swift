/// The article-extraction benchmark's scoring rule (corpus/articles/README.md): word 4-shingles
/// of the expected and extracted text, true/false positives and false negatives per page, then
/// precision and recall averaged over pages so that a long page weighs no more than a short one.
public enum ShingleScore {
    /// One page's counts over the shingle multisets.
    public struct Counts: Sendable, Equatable {
        public var truePositives: Int
        public var falsePositives: Int
        public var falseNegatives: Int

        public init(truePositives: Int, falsePositives: Int, falseNegatives: Int) {
            self.truePositives = truePositives
            self.falsePositives = falsePositives
            self.falseNegatives = falseNegatives
        }

        /// 1 when nothing was wrong, 0 when nothing was extracted right.
        public var precision: Double {
            if falsePositives == 0 && falseNegatives == 0 { return 1 }
            if truePositives == 0 { return 0 }
            return Double(truePositives) / Double(truePositives + falsePositives)
        }

        public var recall: Double {
            if falsePositives == 0 && falseNegatives == 0 { return 1 }
            if truePositives == 0 { return 0 }
            return Double(truePositives) / Double(truePositives + falseNegatives)
        }

        public var f1: Double {
            let p = precision, r = recall
            return p + r == 0 ? 0 : 2 * p * r / (p + r)
        }
    }

    /// The corpus figures: precision and recall are means over pages, F1 is taken of the two means.
    public struct Summary: Sendable {
        public let precision: Double
        public let recall: Double
        public var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
    }

    /// Runs of word characters (`\w+`: letters, digits, marks and underscore), case kept.
    public static func tokens(_ text: String) -> [Substring] {
        text.split { !isWordCharacter($0) }
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character == "_" || character.isLetter || character.isNumber
            || character.unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark } == true
    }

    /// Word 4-shingles with their counts; fewer than four words make one shingle of all of them.
    public static func shingles(_ text: String) -> [String: Int] {
        let words = tokens(text)
        var counts: [String: Int] = [:]
        guard !words.isEmpty else { return counts }
        if words.count < 4 {
            counts[words.joined(separator: " "), default: 0] += 1
            return counts
        }
        for start in 0...(words.count - 4) {
            counts[words[start..<(start + 4)].joined(separator: " "), default: 0] += 1
        }
        return counts
    }

    public static func counts(expected: String, extracted: String) -> Counts {
        let truth = shingles(expected), ours = shingles(extracted)
        var tp = 0, fp = 0
        for (shingle, count) in ours {
            let matched = min(count, truth[shingle] ?? 0)
            tp += matched
            fp += count - matched
        }
        let fn = truth.values.reduce(0, +) - tp
        return Counts(truePositives: tp, falsePositives: fp, falseNegatives: fn)
    }

    public static func summarize(_ pages: [Counts]) -> Summary {
        let judged = pages.filter { $0.truePositives + $0.falsePositives > 0 }
        let recalled = pages.filter { $0.truePositives + $0.falseNegatives > 0 }
        func mean(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }
        return Summary(precision: mean(judged.map(\.precision)), recall: mean(recalled.map(\.recall)))
    }
}

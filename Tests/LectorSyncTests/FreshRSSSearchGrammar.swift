import Foundation

/// How FreshRSS 1.24.3 reads one line of a feed's "mark as read" filters: a port of the parts of
/// app/Models/BooleanSearch.php and app/Models/Search.php (tag 1.24.3) a line can meet — the
/// `&quot;` decoding, saved-search references, parentheses, the `OR` split with its quote count,
/// and Search's operators in the order it removes them from the text. Tests read every line
/// the compiler writes back through it: the line must say exactly the tests the rule holds.
enum FreshRSSSearchGrammar {
    struct Term: Hashable, CustomStringConvertible {
        var field: String
        var value: String
        var negated: Bool
        var description: String { (negated ? "!" : "") + field + ":" + value }
    }

    /// The searches a line is, joined by OR, each the terms joined by AND; a term of field
    /// "parentheses" or "saved-search" marks logic this port does not follow (a compiled line must not use it).
    static func read(_ line: String) -> [Set<Term>] {
        var input = line.trimmingCharacters(in: .whitespaces)
        input = replace(input, #":&quot;(.*?)&quot;"#, with: ":\"$1\"")
        input = replace(input, #"(?<=[\s!-]|^)&quot;(.*?)&quot;"#, with: "\"$1\"")
        if matches(input, #"\bsearch:"#) || matches(input, #"\bS:\d+"#) { return [[Term(field: "saved-search", value: input, negated: false)]] }
        if matches(input, #"(?<!\\)\("#) { return [[Term(field: "parentheses", value: input, negated: false)]] }
        return orSegments(input).map(search)
    }

    /// BooleanSearch::parseOrSegments: split at `\b(OR)\b` (any case), glued again while a
    /// segment holds an odd number of `"`.
    static func orSegments(_ input: String) -> [String] {
        var pieces: [String] = []
        let regex = try! NSRegularExpression(pattern: #"\b(OR)\b"#, options: [.caseInsensitive])
        let text = input
        var last = text.startIndex
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let range = Range(match.range, in: text)!
            pieces.append(String(text[last..<range.lowerBound]))
            pieces.append(String(text[range]))
            last = range.upperBound
        }
        pieces.append(String(text[last...]))
        var segments: [String] = []
        var segment = ""
        for piece in pieces {
            segment += piece
            if segment.trimmingCharacters(in: .whitespaces).isEmpty || segment.caseInsensitiveCompare("OR") == .orderedSame {
                segment = ""
            } else if (segment.components(separatedBy: "\"").count - 1 + segment.components(separatedBy: "&quot;").count - 1) % 2 == 0 {
                segments.append(segment.trimmingCharacters(in: .whitespaces))
                segment = ""
            }
        }
        if !segment.trimmingCharacters(in: .whitespaces).isEmpty { segments.append(segment.trimmingCharacters(in: .whitespaces)) }
        return segments
    }

    /// Search::__construct: each operator's matches taken out of the text in Search.php's order.
    static let operators: [(field: String, negated: Bool, pattern: String, group: Int)] = [
        ("e", true, #"(?<=\s|^)[!-]e:([0-9,]*)"#, 1), ("f", true, #"(?<=\s|^)[!-]f:([0-9,]*)"#, 1),
        ("L", true, #"(?<=\s|^)[!-][lL]:([0-9,]+|[*])"#, 1),
        ("labels", true, #"(?<=\s|^)[!-]labels?:(['"])(.*?)\1"#, 2), ("labels", true, #"(?<=\s|^)[!-]labels?:([^\s"]*)"#, 1),
        ("pubdate", true, #"(?<=\s|^)[!-]pubdate:([^\s]*)"#, 1), ("date", true, #"(?<=\s|^)[!-]date:([^\s]*)"#, 1),
        ("intitle", true, #"(?<=\s|^)[!-]intitle:(['"])(.*?)\1"#, 2), ("intitle", true, #"(?<=\s|^)[!-]intitle:([^\s"]*)"#, 1),
        ("author", true, #"(?<=\s|^)[!-]author:(['"])(.*?)\1"#, 2), ("author", true, #"(?<=\s|^)[!-]author:([^\s"]*)"#, 1),
        ("inurl", true, #"(?<=\s|^)[!-]inurl:([^\s]*)"#, 1), ("#", true, #"(?<=\s|^)[!-]#([^\s]+)"#, 1),
        ("e", false, #"\be:([0-9,]*)"#, 1), ("f", false, #"\bf:([0-9,]*)"#, 1), ("L", false, #"\b[lL]:([0-9,]+|[*])"#, 1),
        ("labels", false, #"\blabels?:(['"])(.*?)\1"#, 2), ("labels", false, #"\blabels?:([^\s"]*)"#, 1),
        ("pubdate", false, #"\bpubdate:([^\s]*)"#, 1), ("date", false, #"\bdate:([^\s]*)"#, 1),
        ("intitle", false, #"\bintitle:(['"])(.*?)\1"#, 2), ("intitle", false, #"\bintitle:([^\s"]*)"#, 1),
        ("author", false, #"\bauthor:(['"])(.*?)\1"#, 2), ("author", false, #"\bauthor:([^\s"]*)"#, 1),
        ("inurl", false, #"\binurl:([^\s]*)"#, 1), ("#", false, #"#([^\s]+)"#, 1),
        ("search", false, #"(?<![!-])(['"])(.*?)\1"#, 2), ("search", true, #"(?<=\s|^)[!-](['"])(.*?)\1"#, 2),
        ("search", true, #"(?<=\s|^)[!-]([^\s]+)"#, 1),
    ]

    static func search(_ segment: String) -> Set<Term> {
        var input = clean(segment).replacingOccurrences(of: "\\(", with: "(").replacingOccurrences(of: "\\)", with: ")")
        var terms: Set<Term> = []
        for (field, negated, pattern, group) in operators {
            if field == "search" { input = clean(input) }
            let regex = try! NSRegularExpression(pattern: pattern)
            let found = regex.matches(in: input, range: NSRange(input.startIndex..., in: input))
            guard !found.isEmpty else { continue }
            var whole: [String] = []
            for match in found {
                whole.append(String(input[Range(match.range, in: input)!]))
                if let range = Range(match.range(at: group), in: input), !input[range].isEmpty {
                    terms.insert(Term(field: field, value: String(input[range]), negated: negated))
                }
            }
            for text in whole where !text.isEmpty { input = input.replacingOccurrences(of: text, with: "") }
        }
        for word in clean(input).split(separator: " ") { terms.insert(Term(field: "search", value: String(word), negated: false)) }
        return terms
    }

    /// Search::cleanSearch: runs of white space as one space, trimmed.
    static func clean(_ text: String) -> String {
        replace(text, #"\s+"#, with: " ").trimmingCharacters(in: .whitespaces)
    }

    static func replace(_ text: String, _ pattern: String, with template: String) -> String {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
    }

    static func matches(_ text: String, _ pattern: String) -> Bool {
        (try! NSRegularExpression(pattern: pattern)).firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

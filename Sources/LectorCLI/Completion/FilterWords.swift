import LectorStore

/// Completion inside a filter: the word being typed (after the last space) among the language's
/// fields, operators and connectives, each candidate the whole filter so far with that word.
enum FilterWords {
    static func candidates(completing partial: String) -> [Candidate] {
        let head = partial.lastIndex(where: { $0 == " " || $0 == "(" }).map { partial[...$0] } ?? ""
        let word = partial[head.endIndex...].lowercased()
        let words = FilterExpression.fieldNames.map { ($0, "field") }
            + FilterExpression.operatorWords.map { ($0, "operator") }
            + FilterExpression.connectives.map { ($0, "joins tests") }
        return words.filter { $0.0.hasPrefix(word) }.map { Candidate(value: head + $0.0, help: $0.1) }
    }
}

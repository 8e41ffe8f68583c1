import LectorStore

/// A filter typed on the command line (`--where`, `rule add`, `search save`): parsed by the
/// store's language, a mistake one usage line with its column.
enum FilterText {
    static func parse(_ text: String) throws(CLIError) -> FilterExpression {
        do { return try FilterParser.parse(text) } catch {
            throw .usage("in the filter: \(TerminalText.sanitize(error.description)) (see lector help rules)")
        }
    }
}

extension FilterText {
    /// `--where`, `--saved` and `--label` together: all must hold.
    static func combined(_ typed: String?, saved: String?, label: String? = nil) throws(CLIError) -> FilterExpression? {
        let filters = try [typed, saved].compactMap { $0 }.map(parse) + [label.map { FilterExpression.text(.label, .equals($0, equal: true)) }].compactMap { $0 }
        return filters.dropFirst().reduce(filters.first) { combined, next in combined.map { .and($0, next) } }
    }
}

extension OptionSpec {
    static let filter = OptionSpec("where", short: "w", value: "EXPR",
                                   "only articles the filter holds for, e.g. 'title contains rust and age < 7d' (lector help rules)",
                                   source: .filter)
}

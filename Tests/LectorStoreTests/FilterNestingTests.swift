import Testing
@testable import LectorStore

/// The parser calls itself for each `(` and `not`, and SQL and the rule sweep walk the tree it
/// makes: a filter with some thousands of them crashed the stack (issue 39, P7).
@Suite("How deep and how long a filter may be")
struct FilterNestingTests {
    /// Each filter with the column of the `(` or `not` past the bound (built here, not passed as
    /// arguments: a 40,000-character argument would fill the test log).
    static let deepFilters: [(filter: String, column: Int)] = [
        (String(repeating: "(", count: 20_000) + "unread" + String(repeating: ")", count: 20_000), 101),
        (String(repeating: "not ", count: 20_000) + "unread", 401),
        (String(repeating: "( not ", count: 10_000) + "unread" + String(repeating: ")", count: 10_000), 301),
    ]

    @Test("20,000 nested parentheses or nots are one error at the column past the bound, not a crash", arguments: 0..<3)
    func deepNesting(index: Int) {
        let (filter, column) = Self.deepFilters[index]
        let error = #expect(throws: FilterError.self) { try FilterParser.parse(filter) }
        #expect(error?.message == "the filter nests '(' and 'not' more than \(FilterParser.maximumNesting) deep", "\(String(describing: error))")
        #expect(error?.column == column, "\(String(describing: error))")
    }

    /// The filter's SQL nests a parenthesis for each group of one connective and each `not`:
    /// SQLite's parser refuses some 27 ("parser stack overflow").
    @Test("groups of and, or and not nested past the bound are one error; a long run of one connective is not deep")
    func deepGroups() throws {
        func alternating(_ levels: Int) -> String {
            var filter = "unread"
            for level in 0..<levels { filter = "(title contains a\(level) \(level % 2 == 0 ? "and" : "or") \(filter))" }
            return filter
        }
        #expect(throws: Never.self) { try FilterParser.parse(alternating(FilterParser.maximumDepth - 1)) }
        let error = #expect(throws: FilterError.self) { try FilterParser.parse(alternating(FilterParser.maximumDepth + 1)) }
        #expect(error?.message.contains("more than \(FilterParser.maximumDepth) deep") == true, "\(String(describing: error))")
        #expect(throws: FilterError.self) { try FilterParser.parse(String(repeating: "not ", count: 21) + "unread") }
        let run = (1...200).map { "title contains w\($0)" }.joined(separator: " or ")
        #expect(FilterParser.depth(of: try FilterParser.parse(run)) == 1, "a run of or is one group")
    }

    @Test("nesting up to the bound, and as many tests as allowed, still parse")
    func withinBounds() throws {
        let nested = String(repeating: "(", count: 80) + String(repeating: "not ", count: 20) + "unread" + String(repeating: ")", count: 80)
        #expect(throws: Never.self) { try FilterParser.parse(nested) }
        let tests = (1...FilterParser.maximumTests).map { "title contains w\($0)" }.joined(separator: " or ")
        #expect(throws: Never.self) { try FilterParser.parse(tests) }
        let error = #expect(throws: FilterError.self) { try FilterParser.parse(tests + " and unread") }
        #expect(error?.message.contains("more than \(FilterParser.maximumTests) tests") == true, "\(String(describing: error))")
    }
}

import Testing
@testable import LectorStore

/// A list row's word count is counted in Swift from SQLite's buffer; it must equal the SQL
/// expression it replaced on every kind of text, so the list and the reader keep agreeing.
@Suite("Word count of a list row")
struct WordCountTests {
    static let formerSQL = "length(?1) - length(replace(replace(replace(?1, ' ', ''), char(10), ''), char(9), '')) + (?1 <> '')"

    @Test("equals the former SQL on plain, empty, NULL, multi-byte and NUL-bearing texts")
    func equalsTheFormerSQL() throws {
        let temporary = try TemporaryStore()
        let database = temporary.store.database
        let texts: [String?] = [nil, "", " ", "one", "one two", "  two  spaces  ", "line\nbreak\ttab", "\n\n\n",
                                "é ü — 漢字 😀 mixed", "before\u{0}after with words", "\u{0} leading nul", "trailing "]
        for text in texts {
            let former = try database.queryFirst("SELECT \(Self.formerSQL)", text) { $0.int(0) } ?? -1
            let counted = try database.queryFirst("SELECT ?1", text) { $0.wordCount(0) } ?? -1
            #expect(counted == former, "\(String(describing: text).debugDescription): counted \(counted), the SQL said \(former)")
        }
    }
}

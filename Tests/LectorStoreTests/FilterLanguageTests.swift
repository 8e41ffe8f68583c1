import Foundation
import Testing
@testable import LectorStore

@Suite("Filter language")
struct FilterLanguageTests {
    private func error(_ text: String) -> FilterError? {
        do { _ = try FilterParser.parse(text); return nil } catch { return error }
    }

    @Test("a mistake is one error at its column with the nearest valid word")
    func parseErrors() {
        let cases: [(String, Int, String?)] = [
            ("titel contains rust", 1, "title"),
            ("title contians rust", 7, "contains"),
            ("title contains rust adn age < 2d", 21, "and"),
            ("starred = ture", 11, "true"),
            ("title contains \"rust", 16, nil),
            ("published > yesterday", 13, nil),
            ("age > 30 days", 7, nil),
            ("title < 3", 7, nil),
            ("(unread or starred", 19, nil),
            ("title matches \"[a-\"", 15, nil),
            ("title contains \"...\"", 16, nil),
            ("", 1, nil),
            ("unread !! starred", 8, "!="),
        ]
        for (text, column, suggestion) in cases {
            let found = error(text)
            #expect(found?.column == column, "'\(text)': column \(String(describing: found?.column)), wanted \(column): \(String(describing: found))")
            #expect(found?.suggestion == suggestion, "'\(text)': suggested \(String(describing: found?.suggestion)), wanted \(String(describing: suggestion))")
        }
        #expect(error("titel contains rust")?.description == "column 1: unknown field 'titel' — did you mean 'title'?")
    }

    @Test("the grammar: precedence of not, and, or; parentheses; quoting and escapes; words in any case")
    func grammar() throws {
        #expect(try FilterParser.parse("unread or starred and not title = x")
                == .or(.flag(.unread, true), .and(.flag(.starred, true), .not(.text(.title, .equals("x", equal: true))))))
        #expect(try FilterParser.parse("(unread OR starred) AND Title Contains 'it\\'s'")
                == .and(.or(.flag(.unread, true), .flag(.starred, true)), .text(.title, .contains("it's"))))
        #expect(try FilterParser.parse(#"url matches "\w+$""#) == .text(.url, .matches(#"\w+$"#)), "a backslash before anything else stays")
        #expect(try FilterParser.parse("starred = false") == .flag(.starred, false))
        #expect(try FilterParser.parse("unread != true") == .flag(.unread, false))
        #expect(try FilterParser.parse("published > 2024-02-29") == .published(.after, 1_709_164_800))
        #expect(try FilterParser.parse("published < 2024-01-01T08:30Z") == .published(.before, 1_704_097_800))
        #expect(try FilterParser.parse("age > 30d") == .age(.after, 30 * 86_400))
        #expect(error("published > 2023-02-29") != nil, "no such day")
    }

    /// One account "Home" (folder News, feed "Home Feed") with articles titled as given, each
    /// with the title as its author too; "Other" with one article.
    private func store(_ titles: [String]) throws -> (TemporaryStore, [String: Int64]) {
        let temporary = try TemporaryStore()
        let (account, _, feed, _) = try temporary.seedAccount(name: "Home", articles: 0)
        var ids: [String: Int64] = [:]
        for (index, title) in titles.enumerated() {
            let article = IncomingArticle(serverID: "t\(index)", url: "https://example.org/a/\(index)", title: title, author: title,
                                          text: "text of \(title)", publishedAt: 1_700_000_000 + Double(index) * 86_400)
            ids[title] = try temporary.store.articles.upsert(accountID: account.id, feedID: feed.id, article, read: .unread).id
        }
        _ = try temporary.seedAccount(name: "Other", articles: 1)
        return (temporary, ids)
    }

    private func matching(_ store: Store, _ text: String, now: Double = 1_700_000_000 + 10 * 86_400) throws -> Set<String> {
        Set(try store.articles.list(ArticleQuery(filter: try FilterParser.parse(text), now: now, limit: 1_000)).map(\.title))
    }

    @Test("contains is case- and accent-insensitive and word-aware: the needle's words as consecutive words")
    func containsWords() throws {
        let titles = ["Café culture", "The category of cats", "Solar power plants", "Power to the solar", "RUST in peace", "Crème brûlée"]
        let (temporary, _) = try store(titles)
        let store = temporary.store
        #expect(try matching(store, "title contains cafe") == ["Café culture"])
        #expect(try matching(store, "title contains cat") == ["The category of cats"], "cats stems to cat; category is another word")
        #expect(try matching(store, "title contains \"solar power\"") == ["Solar power plants"], "consecutive, in order")
        #expect(try matching(store, "title contains rust") == ["RUST in peace"])
        #expect(try matching(store, "title contains \"CREME brulee\"") == ["Crème brûlée"])
        #expect(try matching(store, "content contains \"of rust\"") == ["RUST in peace"])
    }

    @Test("the full-text index answers title contains exactly as the tokenizer does for a field outside it")
    func indexAgreesWithTokenizer() throws {
        let titles = ["Café culture", "The category of cats", "Solar power plants", "Power to the solar", "RUST in peace",
                      "Crème brûlée", "running late", "He runs", "e-mail and email", "naïve approach", "Zoë's café", "cat-flap"]
        let (temporary, _) = try store(titles)
        for needle in ["cafe", "cat", "cats", "solar power", "power solar", "run", "running", "e mail", "email", "naive",
                       "zoe", "zoe's", "flap", "cat flap", "the", "late running", "brulee", "peace"] {
            let indexed = try matching(temporary.store, "title contains \"\(needle)\"")
            let scanned = try matching(temporary.store, "author contains \"\(needle)\"")
            #expect(indexed == scanned, "'\(needle)': the index found \(indexed), the tokenizer \(scanned)")
            #expect(!indexed.isEmpty || ["power solar", "late running"].contains(needle), "'\(needle)' should match something")
        }
    }

    @Test("matches, =, !=, dates, ages, flags and scope fields select what they say")
    func fields() throws {
        let (temporary, ids) = try store(["Alpha 1", "Beta 22", "Gamma", "Delta"])
        let store = temporary.store
        try store.states.setRead([ids["Beta 22"]!], to: .read)
        try store.states.setStarred([ids["Gamma"]!], to: true)
        #expect(try matching(store, #"title matches "[0-9]{2}""#) == ["Beta 22"])
        #expect(try matching(store, #"title matches "\bgam""#) == [], "case counts without (?i)")
        #expect(try matching(store, #"title matches "(?i)\bgam""#) == ["Gamma"], "GNU word boundary, (?i)")
        #expect(try matching(store, #"title matches "(?i)^alpha""#) == ["Alpha 1"])
        #expect(try matching(store, "title = 'gamma'") == ["Gamma"], "= ignores ASCII case")
        #expect(try matching(store, "account = Home and title != Gamma") == ["Alpha 1", "Beta 22", "Delta"])
        #expect(try matching(store, "feed = 'Home Feed' and folder = News and not unread") == ["Beta 22"])
        #expect(try matching(store, "starred") == ["Gamma"])
        #expect(try matching(store, "account = home and starred = false and unread") == ["Alpha 1", "Delta"])
        #expect(try matching(store, "account = Home and published > 2023-11-15T22:13:19Z") == ["Beta 22", "Gamma", "Delta"])
        #expect(try matching(store, "account = Home and published < 2023-11-15T22:13:21Z") == ["Alpha 1", "Beta 22"])
        #expect(try matching(store, "account = Home and age > 8d") == ["Alpha 1", "Beta 22"], "ages from now, 10 days after the first")
        #expect(try matching(store, "account = Home and (age < 9d or title = alpha*)") == ["Gamma", "Delta"])
        #expect(try matching(store, "url contains example and account = Other") == ["Article 0"])
    }
}

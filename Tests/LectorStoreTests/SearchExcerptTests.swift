import Foundation
import Testing
@testable import LectorStore

/// The few words a search result shows around its match, made from the article's text with the
/// index's own tokenizer deciding what matches.
@Suite("Search excerpts")
struct SearchExcerptTests {
    private let temporary: TemporaryStore

    init() throws {
        temporary = try TemporaryStore()
    }

    /// The excerpt `search` gives an article with `title` and `text`.
    private func excerpt(_ search: String, title: String = "A title", text: String) throws -> String? {
        let excerpt = try #require(SearchExcerpt(search: search, tokenizer: try temporary.store.database.searchTokenizer()),
                                   "'\(search)' has words to search for")
        var text = text
        return text.withUTF8 { excerpt.excerpt(title: title, text: $0) }
    }

    /// `excerpt` with the marks written as brackets, for readable expectations.
    private func shown(_ search: String, title: String = "A title", text: String) throws -> String? {
        try excerpt(search, title: title, text: text)?.replacingOccurrences(of: "\u{1}", with: "[").replacingOccurrences(of: "\u{2}", with: "]")
    }

    @Test("a word is marked however the text inflects, cases or accents it, as the index matched it")
    func marksWhatTheIndexMatches() throws {
        #expect(try shown("lighthouse", text: "The Lighthouses were lit.") == "The [Lighthouses] were lit.")
        #expect(try shown("connect", text: "Nobody connected the wires") == "Nobody [connected] the wires")
        #expect(try shown("cafe", text: "Un café à Paris") == "Un [café] à Paris")
        #expect(try shown("CAFÉ", text: "Un cafe à Paris") == "Un [cafe] à Paris")
        #expect(try shown("lightho", text: "Two lighthouses and a lightship") == "Two [lighthouses] and a lightship",
                "the last word typed is a prefix of the stem, as in the query")
        #expect(try shown("ponies", text: "a pony, then ponies") == "a [pony], then [ponies]")
    }

    @Test("line and paragraph breaks inside an excerpt show as one space: it is one line of a list")
    func breaksBecomeSpaces() throws {
        #expect(try shown("harbor", text: "First line.\n\nThe harbor\r\n\tat dawn.") == "First line. The [harbor] at dawn.")
    }

    @Test("a long text shows sixteen words around the match, with an ellipsis where it goes on")
    func windowAroundTheMatch() throws {
        let words = (0..<100).map { "w\($0)" }
        var text = words
        text[50] = "harbor"
        let shown = try #require(try shown("harbor", text: text.joined(separator: " ")))
        #expect(shown.hasPrefix("…") && shown.hasSuffix("…"), "the text goes on at both ends: \(shown)")
        let shownWords = shown.trimmingCharacters(in: CharacterSet(charactersIn: "…")).split(separator: " ")
        #expect(shownWords.count == SearchExcerpt.windowTokens, "\(shown)")
        let position = try #require(shownWords.firstIndex(of: "[harbor]"), "the match is marked: \(shown)")
        #expect((6...9).contains(position), "the match stands near the middle, not at an edge: \(shown)")
    }

    @Test("near either end the window stays full and leaves off only the ellipsis on that side")
    func windowAtTheEnds() throws {
        let words = (0..<40).map { "w\($0)" }
        var early = words
        early[1] = "harbor"
        #expect(try shown("harbor", text: early.joined(separator: " ")) == "w0 [harbor] " + words[2..<16].joined(separator: " ") + "…")
        var late = words
        late[38] = "harbor"
        #expect(try shown("harbor", text: late.joined(separator: " ") + ".") == "…" + words[24..<38].joined(separator: " ") + " [harbor] w39.")
    }

    @Test("with several words, the window holding all of them wins over an earlier one holding one")
    func windowWithEveryWord() throws {
        let filler = (0..<30).map { "w\($0)" }.joined(separator: " ")
        let shown = try #require(try shown("harbor river", text: "harbor " + filler + " the river by the harbor wall"))
        #expect(shown.contains("[river] by the [harbor]"), "both words in one window: \(shown)")
    }

    @Test("a match only in the title shows the title; no match the scan can place shows the text's start")
    func fallbacks() throws {
        #expect(try shown("harbor", title: "Harbor news", text: "Nothing here") == "[Harbor] news")
        #expect(try shown("zzz", title: "Title", text: "Nothing here about it") == "Nothing here about it")
        #expect(try excerpt("zzz", title: "", text: "") == nil)
    }

    @Test("text that is not Latin, or not valid UTF-8, is cut into words without a crash")
    func otherScripts() throws {
        #expect(try shown("мир", text: "Привет, мир!") == "Привет, [мир]!")
        #expect(try shown("東京", text: "今日は 東京 です") == "今日は [東京] です")
        var bytes = Array("ok harbor ".utf8) + [0xFF, 0xC3] + Array(" end".utf8)
        let excerpt = try #require(SearchExcerpt(search: "harbor", tokenizer: try temporary.store.database.searchTokenizer()))
        let made = bytes.withUnsafeMutableBufferPointer { excerpt.excerpt(title: "", text: UnsafeBufferPointer($0)) }
        #expect(made?.contains("\u{1}harbor\u{2}") == true, "\(String(describing: made))")
    }

    /// English words whose stems the Porter stemmer changes in every way it can, beside words
    /// that only look alike.
    private static let inflected = """
        connect connected connecting connection connections connective relate related relational relativity
        happy happiness happily happier pony ponies ays ay say says saying sayings agreed agreement feed
        feeding fed hopping hoped hope hopeful running runner runs ran generalization generalize general
        electrical electricity electric formality formal formalize adjustment adjust adjusting yearly year
        probate probation rate rating controlling controller roll rolling sky skies dying die lying lie
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    @Test("for every word, each article the index finds for it gets an excerpt marking only words that match")
    func agreesWithTheIndex() throws {
        let store = temporary.store
        let account = try store.accounts.insert(kind: .local, name: "Words")
        let feed = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "words", title: "Words",
                                          url: "https://example.org/words.xml", siteURL: nil)
        var generator = SystemRandomNumberGenerator()
        for index in 0..<150 {
            let words = (0..<24).map { _ in Self.inflected.randomElement(using: &generator)! }
            try store.articles.upsert(accountID: account.id, feedID: feed.id,
                                      IncomingArticle(serverID: "w\(index)", url: nil, title: "Article \(index)", text: words.joined(separator: " ")))
        }
        let tokenizer = try store.database.searchTokenizer()
        for word in Self.inflected {
            let found = try store.articles.list(ArticleQuery(search: word, limit: 1_000))
            let indexed = try store.database.scalarInt("SELECT count(*) FROM articles_fts WHERE articles_fts MATCH ?", "\"\(word)\"*")
            #expect(found.count == indexed, "'\(word)': the list finds what the index finds")
            let stem = tokenizer.tokens(of: word, .prefixQuery)
            for article in found {
                let snippet = try #require(article.snippet, "'\(word)' in article \(article.id): no excerpt")
                let marked = snippet.split(separator: "\u{1}", omittingEmptySubsequences: false).dropFirst().map { $0.prefix { $0 != "\u{2}" } }
                #expect(!marked.isEmpty, "'\(word)': an article the index found has no marked word: \(snippet)")
                for match in marked {
                    let matchStem = tokenizer.tokens(of: String(match), .document)
                    #expect(matchStem.first?.starts(with: stem.first ?? []) == true, "'\(word)': '\(match)' is marked but does not match")
                }
            }
        }
    }
}

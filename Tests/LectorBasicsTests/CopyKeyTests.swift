@testable import LectorBasics
import Testing

/// The keys `article duplicates` groups by are read off an ASCII text's bytes and off any other
/// text's letters: both must give the same key for every text, or a store's first keying would
/// find other groups than a sync's.
@Suite("Copy keys: the byte path gives the letters' key")
struct CopyKeyTests {
    /// Addresses with every part the key takes away or keeps, and the odd ones a feed sends.
    static let addresses = [
        "https://example.com/story", "http://Example.COM/story/", "HTTPS://example.com:443/story//", "http://example.com:80/story?",
        "https://user:pw@example.com/story#part", "https://a@b@Example.com./story", "  https://example.com/story \n", "\t\r\n",
        "https://example.com/story?utm_source=x&id=7&UTM_Medium=y&fbclid=z&Ref_Src=q", "https://example.com/?id=7&&utm_x=1&",
        "https://example.com/s?=b&==c&a==d&=&==&A=B=C&x", "https://example.com?x=1", "https://example.com#top", "https://:443/",
        "https://example.com:443:80/", "https://example.com:8080/p", "ftp://example.com/file", "example.com/story", "://example.com",
        "https:/example.com", "https://", "", "https://example.com/a b/c", "https://example.com/%7Euser/?q=%20&MC_CID=1",
        "https://example.com/path/?gclid=1#frag?utm_x=2", "https://example.com/a?b=1#c&d", "Https://EXAMPLE.com/Path/Case",
        "https://example.com/story\r\n/", "https://example.com/\r\n", "https://exämple.com/story", "https://example.com/ünïcode?utm_a=1",
    ]

    /// Titles long and short, with punctuation, apostrophes, digits, and line breaks.
    static let titles = [
        "Links", "Open thread", "The Quick Brown Fox Jumps Over The Lazy Dog", "THE quick, brown -- fox; jumps: over (the) lazy dog!",
        "It's the year's best story about Swift's compiler", "Its the years best story about Swifts compiler", "  leading and trailing  ",
        "Release 2.1.3 of the compiler is out today", "a b c d e", "abcdefghijklmnopqrstuvwxyz one two three four",
        "Line one of a title\r\nand its second line here", "Tabs\tand\u{0B}other\u{0C}controls in a long enough title", "'''", "",
        "Émile Zola's novels return to the bookshops this week", "Naïve café owners open a new shop in town", "Über alles und noch mehr",
        "12345 67890 12345 67890 12345", "one-two-three-four-five-six-seven", "Weekly roundup: what happened in the world this week",
    ]

    @Test("an ASCII address's key from its bytes is the key from its letters, and the key takes away what it should")
    func addresses() {
        for address in Self.addresses {
            #expect(CanonicalAddress.key(address) == CanonicalAddress.generalKey(address), "address \(address.debugDescription)")
        }
        #expect(CanonicalAddress.key("HTTPS://user@Example.COM.:443/Story//?utm_source=x&id=7&fbclid=z#top") == "example.com/Story?id=7")
        #expect(CanonicalAddress.key("https://example.com:443:80/") == "example.com:443")
        #expect(CanonicalAddress.key("https://example.com/s?=utm_x&a") == "example.com/s?a")
        #expect(CanonicalAddress.key("ftp://example.com/file") == nil)
    }

    @Test("an ASCII title's key from its bytes is the key from its letters, and a short title has none")
    func titles() {
        for title in Self.titles {
            #expect(GuardedTitle.key(title) == GuardedTitle.generalKey(title), "title \(title.debugDescription)")
        }
        #expect(GuardedTitle.key("It's THE quick, brown -- fox; jumps!") == "its the quick brown fox jumps")
        #expect(GuardedTitle.key("Links") == nil)
        #expect(GuardedTitle.key("a b c d e") == nil, "five words but too few letters")
    }
}

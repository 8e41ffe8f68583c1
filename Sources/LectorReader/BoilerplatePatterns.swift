/// Words and phrases that mark page furniture rather than article text: in class and id names
/// (as whole tokens of the name, so "bio" does not match "biology") and at the start of short
/// blocks ("Read more: …", "Image credit: …").
enum BoilerplatePatterns {
    /// Class/id tokens of furniture that sits inside an article container: teasers of other
    /// stories, sign-up boxes, share bars, captions and credits, author boxes, hover cards.
    static let classTokens: Set<String> = [
        "related", "recommended", "recommendations", "recirc", "more-stories", "moreStories", "read-more", "readmore",
        "newsletter", "subscribe", "subscription", "signup", "sign-up", "promo", "promotion", "sponsored",
        "share", "sharing", "social", "follow", "caption", "credit", "credits", "copyright", "byline", "dateline",
        "timestamp", "author-bio", "bio", "breadcrumb", "breadcrumbs", "tags", "tag-list", "trending", "popular",
        "most-popular", "outbrain", "taboola", "comments", "disclaimer", "rollover", "tooltip", "popover",
        "hovercard", "advert", "advertisement", "ad", "ads", "pullquote", "toolbar",
    ]

    /// Openings of short blocks that point away from the article or credit a picture.
    static let leadingPhrases: [String] = [
        "related:", "related stories", "related articles", "related coverage", "read more", "read also", "read next",
        "more:", "see also", "also see", "also read", "don't miss", "don’t miss", "continue reading", "sign up",
        "subscribe", "click here", "follow us", "advertisement", "advert",
        "image credit", "image:", "photo credit", "photo:", "credit:", "photograph:", "picture:", "source:",
        "share this", "share on", "leggi anche", "lesen sie auch", "lire aussi", "leia também", "veja também",
        "want more", "most popular", "trending", "more from", "watch:", "listen:", "get the", "download the",
    ]

    /// Calls to action that mark a short block as an advertisement for the site itself, wherever
    /// in the block they stand ("Start your day with … Sign up for the free daily newsletter").
    static let callsToAction: [String] = [
        "sign up for", "subscribe to", "click here", "follow us", "you may also like", "delivered to your inbox",
        "affiliate commission", "get a subscription",
    ]

    /// The class and id split into tokens at spaces and underscores; hyphenated names are kept
    /// whole and also split, so both "author-bio" and "bio" of "author-bio" are seen.
    static func classTokens(of node: HTMLNode) -> [Substring] {
        let value = node.classAndID.lowercased()
        var tokens: [Substring] = []
        for word in value.split(whereSeparator: { $0 == " " || $0 == "_" || $0 == "\t" || $0 == "\n" }) {
            tokens.append(word)
            if word.contains("-") { tokens.append(contentsOf: word.split(separator: "-")) }
        }
        return tokens
    }

    static func hasBoilerplateClass(_ node: HTMLNode) -> Bool {
        classTokens(of: node).contains { classTokens.contains(String($0)) }
    }

    static func containsCallToAction(_ text: String) -> Bool {
        let lower = text.lowercased()
        return callsToAction.contains { lower.contains($0) }
    }

    static func startsWithBoilerplatePhrase(_ text: String) -> Bool {
        let lower = text.lowercased().trimmingWhitespace()
        let opened = lower.hasPrefix("(") ? String(lower.dropFirst()) : lower
        return leadingPhrases.contains { opened.hasPrefix($0) }
    }
}

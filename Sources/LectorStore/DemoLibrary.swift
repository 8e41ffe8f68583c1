import FoundationEssentials

/// A small local library shown on a first run with no account, so nothing is empty. It lives in
/// one account marked as demo; removing that account removes all of it.
public enum DemoLibrary {
    public static let accountName = "Demo"
    private static let dismissedKey = "demo.dismissed"

    struct DemoFeed {
        let folder: String?
        let title: String
        let url: String
        let site: String
        let articles: [(title: String, author: String, paragraphs: [String])]
    }

    /// Seeds the demo library on a store with no accounts, unless the user dismissed it before.
    /// Returns true when it seeded.
    /// A demo paragraph as plain text: our own sentences carry only inline tags (`<strong>`,
    /// `<code>`) and no entities, so dropping the tags is the whole conversion (the store has no
    /// HTML reader; the feeds' own text comes converted from the parser).
    static func withoutTags(_ paragraph: String) -> String {
        var plain = "", inTag = false
        for character in paragraph {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { plain.append(character) }
        }
        return plain
    }

    @discardableResult
    public static func seedIfFirstRun(_ store: Store) throws(StoreError) -> Bool {
        guard try store.accounts.all().isEmpty, try store.meta.value(dismissedKey) == nil else { return false }
        try seed(store)
        return true
    }

    /// Seeds the demo library now (`demo on`). Does nothing when it is already there.
    public static func seed(_ store: Store) throws(StoreError) {
        try storeOperation {
            try store.database.write {
                guard try store.accounts.all().contains(where: \.isDemo) == false else { return }
                let name = try store.accounts.named(accountName) == nil ? accountName : "\(accountName) library"
                let account = try store.accounts.insert(kind: .serverless, name: name, isDemo: true)
                try store.database.execute("DELETE FROM app_meta WHERE key = ?", dismissedKey)
                var folders: [String: Int64] = [:]
                let now = Date().timeIntervalSince1970
                var sequence = 0
                for feed in feeds {
                    var folderID: Int64?
                    if let folderName = feed.folder {
                        if folders[folderName] == nil {
                            folders[folderName] = try store.folders.insert(accountID: account.id, serverID: "demo-folder-\(folderName)",
                                                                           name: folderName).id
                        }
                        folderID = folders[folderName]
                    }
                    let stored = try store.feeds.insert(accountID: account.id, folderID: folderID, serverID: feed.url,
                                                        title: feed.title, url: feed.url, siteURL: feed.site)
                    for (index, article) in feed.articles.enumerated() {
                        sequence += 1
                        let slug = article.title.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "-")
                        let html = "<p><em>Demo article — part of Lector's sample library.</em></p>\n"
                            + article.paragraphs.map { "<p>\($0)</p>" }.joined(separator: "\n")
                        let incoming = IncomingArticle(
                            serverID: "\(feed.site)/\(slug)", url: "\(feed.site)/\(slug)", title: article.title,
                            author: article.author, summary: article.paragraphs.first, contentHTML: html,
                            text: article.paragraphs.map(Self.withoutTags).joined(separator: "\n"),
                            publishedAt: now - Double(sequence * 5_400 + index * 600))
                        // A realistic mix: older articles read, every fifth starred.
                        let read: ReadState = sequence % 3 == 0 ? .read : .unread
                        try store.articles.upsert(accountID: account.id, feedID: stored.id, incoming,
                                                  read: read, starred: sequence % 5 == 0)
                    }
                }
            }
        }
    }

    /// Removes the demo library and remembers not to seed it again on its own.
    public static func dismiss(_ store: Store) throws(StoreError) {
        try store.accounts.removeDemo()
        try store.meta.set(dismissedKey, "1")
    }

    /// Whether the store currently holds the demo library.
    public static func isPresent(_ store: Store) throws(StoreError) -> Bool {
        try store.accounts.all().contains(where: \.isDemo)
    }

    static let feeds: [DemoFeed] = [
        DemoFeed(folder: "Technology", title: "Lector Project Notes", url: "https://demo.lector.invalid/notes/feed.xml",
                 site: "https://demo.lector.invalid/notes", articles: [
            ("Why sync should never undo what you did", "Lector Team", [
                "A reader that syncs with a server has two sources of truth: what you did on this machine and what the server last told it. When they disagree, the local change must win until the server has acknowledged it.",
                "Lector writes every change to disk first and queues an <strong>intent</strong> in the same transaction. A sync pushes intents before it reads anything, so a stale snapshot can never flip an article back to unread.",
            ]),
            ("Reading in a terminal, comfortably", "Lector Team", [
                "Long-form reading in a terminal needs three things: sensible wrapping, links you can follow later, and a way to keep your place.",
                "Lector numbers every link and lists them at the end of the article, so the text stays readable.",
                "<blockquote>Good typography is invisible; bad typography is everywhere.</blockquote>",
            ]),
            ("Shell completion that knows your feeds", "Lector Team", [
                "Press Tab after <code>lector feed move</code> and the shell asks Lector for your feed titles, straight from the local store.",
                "It stays fast because the completion path opens the database read-only and does nothing else.",
            ]),
        ]),
        DemoFeed(folder: "Technology", title: "Swift on Servers Weekly", url: "https://demo.lector.invalid/swift/rss",
                 site: "https://demo.lector.invalid/swift", articles: [
            ("Strict concurrency in practice", "Ada Example", [
                "Swift 6's strict concurrency checking turns data races into compile errors. Most code needs only small changes: mark value types Sendable and keep mutable state inside actors.",
                "C libraries are the exception: their callbacks cannot capture context, so state moves into carefully documented globals.",
            ]),
            ("SQLite is a great application file format", "Ada Example", [
                "One file, transactions, full-text search and a query planner: SQLite gives a command-line tool a database without a server.",
                "Write-ahead logging lets readers continue while a sync writes.",
            ]),
            ("Measuring start-up time honestly", "Grace Sample", [
                "Compare against the process floor measured in the same run, not a number from last week.",
                "A tool that starts in ten milliseconds feels instant; one that takes two hundred feels sluggish.",
            ]),
        ]),
        DemoFeed(folder: "Science", title: "Field Notes from the Observatory", url: "https://demo.lector.invalid/observatory/atom.xml",
                 site: "https://demo.lector.invalid/observatory", articles: [
            ("A clear night at last", "Vera Placeholder", [
                "After eleven cloudy nights the sky opened just after midnight. We spent four hours on the spiral galaxy in the north-east.",
                "The new camera's noise floor is low enough that thirty-second exposures show the outer arms.",
            ]),
            ("How we calibrate the spectrograph", "Vera Placeholder", [
                "Every evening begins with an arc lamp: its emission lines sit at wavelengths we know to a fraction of an ångström.",
                "<ul><li>Warm up the lamp for ten minutes.</li><li>Take five exposures.</li><li>Fit the dispersion solution.</li></ul>",
            ]),
        ]),
        DemoFeed(folder: "Science", title: "Tide Tables & Coastlines", url: "https://demo.lector.invalid/tides/feed.json",
                 site: "https://demo.lector.invalid/tides", articles: [
            ("Why the highest tides come after the full moon", "Marin Sample", [
                "The sea takes time to respond to the pull of the moon and sun, so spring tides usually arrive a day or two after the new or full moon.",
            ]),
            ("Reading a tide table", "Marin Sample", [
                "A tide table lists the times and heights of high and low water for one port. Heights are measured from chart datum, roughly the lowest tide you will see.",
                "<table><tr><th>Time</th><th>Height</th></tr><tr><td>06:12</td><td>4.8 m</td></tr><tr><td>12:31</td><td>0.9 m</td></tr></table>",
            ]),
        ]),
        DemoFeed(folder: nil, title: "The Slow Kitchen", url: "https://demo.lector.invalid/kitchen/rss.xml",
                 site: "https://demo.lector.invalid/kitchen", articles: [
            ("Bread with four ingredients", "Pat Example", [
                "Flour, water, salt and time. The yeast is already in the air; the rest is patience.",
                "Mix, rest for thirty minutes, fold, and leave it overnight somewhere cool.",
            ]),
            ("A soup for cold evenings", "Pat Example", [
                "Onions cooked slowly until sweet, a spoon of miso, and whatever greens are left in the fridge.",
            ]),
            ("Knife skills without the drama", "Pat Example", [
                "Curl the fingers of the guiding hand, keep the tip of the knife on the board, and let the blade do the work.",
            ]),
        ]),
    ]
}

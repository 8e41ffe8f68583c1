import Foundation

/// Stream selection, filtering and paging as FreshRSS does it (entry id = crawl time in µs).
extension GReaderCall {
    static let readingList = "user/-/state/com.google/reading-list"
    static let readState = "user/-/state/com.google/read"
    static let starredState = "user/-/state/com.google/starred"
    static let labelPrefix = "user/-/label/"

    /// `user/1234/label/X` → `user/-/label/X`.
    static func normalize(_ stream: String) -> String {
        guard stream.hasPrefix("user/"), let slash = stream.dropFirst(5).firstIndex(of: "/") else { return stream }
        return "user/-" + stream[slash...]
    }

    /// The items `stream` selects; unknown feeds give none, unknown labels give everything.
    static func select(_ stream: String?, in state: FeedStore.State) -> [EmulatedItem] {
        let include = matcher(stream, in: state)
        return state.items.filter(include)
    }

    /// Whether an item belongs to `stream`.
    static func matcher(_ stream: String?, in state: FeedStore.State) -> (EmulatedItem) -> Bool {
        let stream = normalize(stream ?? readingList)
        if stream == starredState { return { $0.starred } }
        if stream.hasPrefix("feed/") {
            guard let feed = feed(String(stream.dropFirst(5)), in: state) else { return { _ in false } }
            return { $0.feedID == feed.id }
        }
        if stream.hasPrefix(labelPrefix) {
            let name = String(stream.dropFirst(labelPrefix.count))
            if let folder = state.folders.first(where: { $0.name == name }) {
                let feedIDs = Set(state.feeds.filter { $0.folderID == folder.id }.map(\.id))
                return { feedIDs.contains($0.feedID) }
            }
            guard state.items.contains(where: { $0.labels.contains(name) }) else { return { _ in true } }
            return { $0.labels.contains(name) }
        }
        return { _ in true }
    }

    /// A feed by numeric id or by feed URL.
    static func feed(_ reference: String, in state: FeedStore.State) -> EmulatedFeed? {
        if let id = Int(reference) { return state.feeds.first { $0.id == id } }
        return state.feeds.first { $0.feedURL == reference }
    }

    /// Applies xt/it/ot/nt/r/c/n to `stream`; returns the page and the continuation, if any.
    /// The stream with its xt/it filters is one remembered selection; the rest is binary search.
    func page(_ stream: String?, in state: inout FeedStore.State) -> (items: [EmulatedItem], continuation: Int64?) {
        let excluded = params.values("xt").map(Self.normalize)
        let included = params.values("it").map(Self.normalize)
        let key = "greader\u{0}\(Self.normalize(stream ?? Self.readingList))\u{0}\(excluded)\u{0}\(included)"
        let selected = state.selection(key) { state in
            let inStream = Self.matcher(stream, in: state)
            return state.positions { item in
                guard inStream(item) else { return false }
                if excluded.contains(Self.readState), item.read { return false }
                if excluded.contains(Self.starredState), item.starred { return false }
                if included.contains(Self.readState), !item.read { return false }
                if included.contains(Self.starredState), !item.starred { return false }
                return true
            }
        }
        let items = state.items
        var low = 0, high = selected.count
        if let ot = params.value("ot").flatMap(Int64.init) { low = selected.firstIndex(idAtLeast: ot * 1_000_000, in: items) }
        if let nt = params.value("nt").flatMap(Int64.init) {
            high = min(high, selected.firstIndex(idAtLeast: (nt + 1) * 1_000_000, in: items))
        }
        let oldestFirst = params.value("r") == "o"
        if let continuation = params.value("c").flatMap(Int64.init) {
            if oldestFirst {
                low = Swift.max(low, selected.firstIndex(idAtLeast: continuation &+ 1, in: items))
            } else {
                high = min(high, selected.firstIndex(idAtLeast: continuation, in: items))
            }
        }
        let count = Swift.max(1, params.value("n").flatMap(Int.init) ?? 20)
        guard low < high else { return ([], nil) }
        let window = oldestFirst ? Array(selected[low..<min(high, low + count)])
                                 : Array(selected[Swift.max(low, high - count)..<high].reversed())
        let page = window.map { items[$0] }
        return (page, page.count >= count ? page.last?.id : nil)
    }

    /// The FreshRSS "compat" JSON for one item.
    static func itemJSON(_ item: EmulatedItem, in state: FeedStore.State) -> JSONValue {
        let feed = state.feeds.first { $0.id == item.feedID }
        let folder = feed.flatMap { feed in state.folders.first { $0.id == feed.folderID } }
        var categories: [JSONValue] = [.string(readingList)]
        if let folder { categories.append(.string(labelPrefix + folder.name)) }
        if item.read { categories.append(.string(readState)) }
        if item.starred { categories.append(.string(starredState)) }
        categories += item.labels.map { .string(labelPrefix + $0) }
        var members: [(String, JSONValue)] = [
            ("id", .string(GReaderItemID.long(item.id))),
            ("crawlTimeMsec", .string(String(item.id / 1000))),
            ("timestampUsec", .string(String(item.id))),
            ("published", .int(item.published)),
            ("title", .string(FreshRSSReply.escapeTitle(item.title))),
            ("canonical", .array([.object([("href", .string(item.url))])])),
            ("alternate", .array([.object([("href", .string(item.url))])])),
            ("categories", .array(categories)),
            ("origin", .object([
                ("streamId", .string("feed/\(item.feedID)")),
                ("htmlUrl", .string(feed?.siteURL ?? "")),
                ("title", .string(FreshRSSReply.escapeTitle(feed?.title ?? ""))),
            ])),
            ("summary", .object([("content", .string(item.content))])),
        ]
        if let author = item.author { members.append(("author", .string(author))) }
        if !item.enclosures.isEmpty {
            members.append(("enclosure", .array(item.enclosures.map {
                .object([("href", .string($0.url)), ("type", .string($0.type)), ("length", .int($0.length))])
            })))
        }
        return .object(members)
    }

    /// `{"id":…,"updated":…,"items":[…]}` (FreshRSS always names the reading list as the id).
    static func contentsJSON(_ items: [EmulatedItem], continuation: Int64?, in state: FeedStore.State) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(readingList)),
            ("updated", .int(Int64(Date().timeIntervalSince1970))),
            ("items", .array(items.map { itemJSON($0, in: state) })),
        ]
        if let continuation { members.append(("continuation", .string(String(continuation)))) }
        return .object(members)
    }
}

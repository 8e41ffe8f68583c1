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
        let stream = normalize(stream ?? readingList)
        if stream == starredState { return state.items.filter(\.starred) }
        if stream.hasPrefix("feed/") {
            guard let feed = feed(String(stream.dropFirst(5)), in: state) else { return [] }
            return state.items.filter { $0.feedID == feed.id }
        }
        if stream.hasPrefix(labelPrefix) {
            let name = String(stream.dropFirst(labelPrefix.count))
            if let folder = state.folders.first(where: { $0.name == name }) {
                let feedIDs = Set(state.feeds.filter { $0.folderID == folder.id }.map(\.id))
                return state.items.filter { feedIDs.contains($0.feedID) }
            }
            let labelled = state.items.filter { $0.labels.contains(name) }
            return labelled.isEmpty ? state.items : labelled
        }
        return state.items
    }

    /// A feed by numeric id or by feed URL.
    static func feed(_ reference: String, in state: FeedStore.State) -> EmulatedFeed? {
        if let id = Int(reference) { return state.feeds.first { $0.id == id } }
        return state.feeds.first { $0.feedURL == reference }
    }

    /// Applies xt/it/ot/nt/r/c/n; returns the page and the continuation, if any.
    func page(_ items: [EmulatedItem]) -> (items: [EmulatedItem], continuation: Int64?) {
        var selected = items
        for exclude in params.values("xt").map(Self.normalize) {
            if exclude == Self.readState { selected.removeAll(where: \.read) }
            if exclude == Self.starredState { selected.removeAll(where: \.starred) }
        }
        for include in params.values("it").map(Self.normalize) {
            if include == Self.readState { selected.removeAll { !$0.read } }
            if include == Self.starredState { selected.removeAll { !$0.starred } }
        }
        if let ot = params.value("ot").flatMap(Int64.init) { selected.removeAll { $0.id < ot * 1_000_000 } }
        if let nt = params.value("nt").flatMap(Int64.init) { selected.removeAll { $0.id >= (nt + 1) * 1_000_000 } }
        let oldestFirst = params.value("r") == "o"
        selected.sort { oldestFirst ? $0.id < $1.id : $0.id > $1.id }
        if let continuation = params.value("c").flatMap(Int64.init) {
            selected.removeAll { oldestFirst ? $0.id <= continuation : $0.id >= continuation }
        }
        let count = max(1, params.value("n").flatMap(Int.init) ?? 20)
        let page = Array(selected.prefix(count))
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

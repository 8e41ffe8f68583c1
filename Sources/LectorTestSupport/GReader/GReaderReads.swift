import Foundation
import LectorBasics

/// Read-only endpoints.
extension GReaderCall {
    func streamContents(_ stream: String?) -> ServerResponse {
        store.withState { state in
            let (items, continuation) = page(stream, in: &state)
            return FreshRSSReply.json(Self.contentsJSON(items, continuation: continuation, in: state), newline: false)
        }
    }

    func itemIDs() -> ServerResponse {
        guard let stream = params.value("s") else { return FreshRSSReply.error(400) }
        return store.withState { state in
            let (items, continuation) = page(stream, in: &state)
            var members: [(String, JSONValue)] = [
                ("itemRefs", .array(items.map { .object([("id", .string(String($0.id)))]) })),
            ]
            if let continuation { members.append(("continuation", .string(String(continuation)))) }
            return FreshRSSReply.html(JSONValue.object(members).serialized() + "\n")
        }
    }

    func itemContents() -> ServerResponse {
        let ids = Set(params.formValues("i").compactMap(GReaderItemID.parse))
        return store.withState { state in
            let items = state.positions(of: ids).reversed().map { state.items[$0] }
            return FreshRSSReply.json(Self.contentsJSON(items, continuation: nil, in: state), newline: false)
        }
    }

    func subscriptionList() -> ServerResponse {
        store.withState { state in
            let subscriptions = Self.feedsByFolder(state).map { feed, folder -> JSONValue in
                .object([
                    ("id", .string("feed/\(feed.id)")),
                    ("title", .string(FreshRSSReply.escapeTitle(feed.title))),
                    ("categories", .array([.object([("id", .string(Self.labelPrefix + folder.name)), ("label", .string(folder.name))])])),
                    ("url", .string(feed.feedURL)),
                    ("htmlUrl", .string(feed.siteURL)),
                    ("iconUrl", .string("\(serverBase)/f.php?\(MD5.hex(of: feed.feedURL).prefix(8))")),
                ])
            }
            return FreshRSSReply.json(.object([("subscriptions", .array(subscriptions))]), newline: true)
        }
    }

    func tagList() -> ServerResponse {
        store.withState { state in
            var tags: [JSONValue] = [.object([("id", .string(Self.starredState))])]
            let used = Set(state.feeds.map(\.folderID))
            for folder in state.folders.filter({ used.contains($0.id) }).sorted(by: { $0.name < $1.name }) {
                tags.append(.object([("id", .string(Self.labelPrefix + folder.name)), ("type", .string("folder"))]))
            }
            // Labels by name, after the folders (admin 28).
            for label in Self.userLabels(state).sorted() {
                let unread = state.items.filter { $0.labels.contains(label) && !$0.read }.count
                tags.append(.object([("id", .string(Self.labelPrefix + label)), ("type", .string("tag")), ("unread_count", .number(unread))]))
            }
            return FreshRSSReply.json(.object([("tags", .array(tags))]), newline: true)
        }
    }

    func unreadCount() -> ServerResponse {
        store.withState { state in
            var counts: [JSONValue] = []
            func entry(_ id: String, _ items: [EmulatedItem]) {
                counts.append(.object([
                    ("id", .string(id)), ("count", .number(items.filter { !$0.read }.count)),
                    ("newestItemTimestampUsec", .string(String(items.map(\.id).max() ?? 0))),
                ]))
            }
            let used = Set(state.feeds.map(\.folderID))
            for folder in state.folders.filter({ used.contains($0.id) }).sorted(by: { $0.name < $1.name }) {
                let feeds = state.feeds.filter { $0.folderID == folder.id }.sorted { $0.title < $1.title }
                for feed in feeds { entry("feed/\(feed.id)", state.items.filter { $0.feedID == feed.id }) }
                let ids = Set(feeds.map(\.id))
                entry(Self.labelPrefix + folder.name, state.items.filter { ids.contains($0.feedID) })
            }
            for label in Self.userLabels(state) { entry(Self.labelPrefix + label, state.items.filter { $0.labels.contains(label) }) }
            entry(Self.readingList, state.items)
            let total = state.items.filter { !$0.read }.count
            return FreshRSSReply.json(.object([("max", .number(total)), ("unreadcounts", .array(counts))]), newline: true)
        }
    }

    static func feedsByFolder(_ state: FeedStore.State) -> [(EmulatedFeed, EmulatedFolder)] {
        state.feeds.compactMap { feed in state.folders.first { $0.id == feed.folderID }.map { (feed, $0) } }
            .sorted { ($0.1.name, $0.0.title) < ($1.1.name, $1.0.title) }
    }

    static func userLabels(_ state: FeedStore.State) -> [String] {
        var seen: [String] = []
        for label in state.items.flatMap(\.labels) where !seen.contains(label) { seen.append(label) }
        return seen
    }
}

import Foundation

/// One authenticated Feedbin call.
struct FeedbinCall {
    let store: FeedStore
    let request: ServerRequest

    private var base: String { "http://\(request.header("Host") ?? "127.0.0.1")/v2" }

    static func subscriptionJSON(_ feed: EmulatedFeed) -> JSONValue {
        .object([
            ("id", .number(feed.id + FeedbinEmulator.subscriptionIDOffset)),
            ("created_at", .string(REST.iso8601(micros: feed.lastUpdated * 1_000_000))),
            ("feed_id", .number(feed.id)), ("title", .string(feed.title)),
            ("feed_url", .string(feed.feedURL)), ("site_url", .string(feed.siteURL)),
        ])
    }

    private func feed(bySubscription id: Int?, in state: FeedStore.State) -> Int? {
        state.feeds.firstIndex { $0.id + FeedbinEmulator.subscriptionIDOffset == id }
    }

    func subscriptions() -> ServerResponse {
        store.withState { state in REST.json(.array(state.feeds.map(Self.subscriptionJSON))) }
    }

    func subscription(_ id: Int?) -> ServerResponse {
        store.withState { state in
            guard let index = feed(bySubscription: id, in: state) else { return .empty(404) }
            return REST.json(Self.subscriptionJSON(state.feeds[index]))
        }
    }

    /// 201 new, 302 already subscribed, 300 when a site offers several feeds, 404 nothing found.
    func subscribe() -> ServerResponse {
        guard let url = REST.object(request)?["feed_url"] as? String else { return .empty(400) }
        return store.withState { state in
            let location = { (feed: EmulatedFeed) in
                [(name: "Location", value: "\(base)/subscriptions/\(feed.id + FeedbinEmulator.subscriptionIDOffset).json")]
            }
            if let existing = state.feeds.first(where: { $0.feedURL == url }) {
                return REST.json(Self.subscriptionJSON(existing), status: 302, headers: location(existing))
            }
            let candidates = state.catalog.contains { $0.feedURL == url } ? state.catalog.filter { $0.feedURL == url }
                : state.catalog.filter { !$0.siteURL.isEmpty && $0.siteURL == url }
            if candidates.count > 1 {
                return REST.json(.array(candidates.map { .object([("feed_url", .string($0.feedURL)), ("title", .string($0.title))]) }),
                                 status: 300)
            }
            guard let remote = candidates.first,
                  let id = FeedStore.subscribe(remote.feedURL, title: nil, folderID: 1, in: &state),
                  let feed = state.feeds.first(where: { $0.id == id }) else { return .empty(404) }
            return REST.json(Self.subscriptionJSON(feed), status: 201, headers: location(feed))
        }
    }

    func rename(_ id: Int?) -> ServerResponse {
        guard let title = REST.object(request)?["title"] as? String else { return .empty(400) }
        return store.withState { state in
            guard let index = feed(bySubscription: id, in: state) else { return .empty(404) }
            state.feeds[index].title = title
            return REST.json(Self.subscriptionJSON(state.feeds[index]))
        }
    }

    func unsubscribe(_ id: Int?) -> ServerResponse {
        store.withState { state in
            guard let index = feed(bySubscription: id, in: state) else { return .empty(404) }
            let feedID = state.feeds[index].id
            state.feeds.remove(at: index)
            state.items.removeAll { $0.feedID == feedID }
            return .empty(204)
        }
    }

    /// Feeds in the default folder have no tagging (Feedbin's root level).
    func taggings() -> ServerResponse {
        store.withState { state in
            REST.json(.array(state.feeds.filter { $0.folderID != 1 }.compactMap { feed in
                state.folders.first { $0.id == feed.folderID }.map {
                    .object([("id", .number(feed.id + FeedbinEmulator.taggingIDOffset)), ("feed_id", .number(feed.id)),
                             ("name", .string($0.name))])
                }
            }))
        }
    }

    func tag() -> ServerResponse {
        let body = REST.object(request) ?? [:]
        guard let feedID = (body["feed_id"] as? NSNumber)?.intValue, let name = body["name"] as? String else { return .empty(400) }
        return store.withState { state in
            guard let index = state.feeds.firstIndex(where: { $0.id == feedID }) else { return .empty(404) }
            let location = [(name: "Location", value: "\(base)/taggings/\(feedID + FeedbinEmulator.taggingIDOffset).json")]
            if state.folders.first(where: { $0.id == state.feeds[index].folderID })?.name == name {
                return .empty(302, headers: location)
            }
            state.feeds[index].folderID = FeedStore.folder(named: name, in: &state)
            return .empty(201, headers: location)
        }
    }

    func untag(_ id: Int?) -> ServerResponse {
        store.withState { state in
            guard let index = state.feeds.firstIndex(where: { $0.id + FeedbinEmulator.taggingIDOffset == id && $0.folderID != 1 }) else {
                return .empty(404)
            }
            state.feeds[index].folderID = 1
            return .empty(204)
        }
    }

    /// Newest first, `per_page` (default 100) per page, `Link` with next/last keeping the other
    /// query parameters (`since`, `ids`), total in a header. `since` filters on `created_at`.
    func entries(feed: Int?) -> ServerResponse {
        let perPage = max(1, min(100, request.queryValue("per_page").flatMap(Int.init) ?? 100))
        let page = max(1, request.queryValue("page").flatMap(Int.init) ?? 1)
        let ids = request.queryValue("ids").map { Set($0.split(separator: ",").compactMap { Int64($0) }) }
        if let ids, ids.count > 100 { return .empty(400) }
        let since = request.queryValue("since").flatMap(FeedbinEmulator.micros)
        return store.withState { state in
            if let feed, !state.feeds.contains(where: { $0.id == feed }) { return .empty(404) }
            // One remembered selection per feed and `since`, newest first; a page is a slice of it.
            let items: [Int]
            if let ids {
                items = state.positions(of: ids).filter { feed == nil || state.items[$0].feedID == feed }
            } else {
                items = state.selection("feedbin\u{0}\(feed ?? -1)") { state in
                    state.positions { feed == nil || $0.feedID == feed }
                }
            }
            let start = since.map { items.firstIndex(idAtLeast: $0, in: state.items) } ?? 0
            let count = items.count - start
            let lastPage = max(1, (count + perPage - 1) / perPage)
            guard page <= lastPage else { return .empty(404) }
            let end = items.count - min(count, (page - 1) * perPage)
            let slice = items[max(start, end - perPage)..<end].reversed().map { state.items[$0] }
            var links: [String] = []
            let path = feed.map { "\(base)/feeds/\($0)/entries.json" } ?? "\(base)/entries.json"
            let kept = request.queryItems.filter { $0.name != "page" && $0.name != "per_page" }
                .map { "\($0.name)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0.value)" }
            func link(_ number: Int, _ rel: String) -> String {
                "<\(path)?\((kept + ["page=\(number)", "per_page=\(perPage)"]).joined(separator: "&"))>; rel=\"\(rel)\""
            }
            if page < lastPage { links.append(link(page + 1, "next")) }
            if page > 1 { links.append(link(page - 1, "prev")) }
            links.append(link(lastPage, "last"))
            let body: JSONValue = .array(slice.map { item in
                .object([
                    ("id", .int(item.id)), ("feed_id", .number(item.feedID)), ("title", .string(item.title)),
                    ("author", item.author.map { .string($0) } ?? .null), ("summary", .string(String(item.content.prefix(200)))),
                    ("content", .string(item.content)), ("url", .string(item.url)), ("extracted_content_url", .string("")),
                    ("published", .string(REST.iso8601(micros: item.published * 1_000_000))),
                    ("created_at", .string(REST.iso8601(micros: item.id))),
                ])
            })
            return REST.json(body, headers: [(name: "Link", value: links.joined(separator: ", ")),
                                             (name: "X-Feedbin-Record-Count", value: String(count))])
        }
    }

    func ids(_ flag: KeyPath<EmulatedItem, Bool>, inverted: Bool) -> ServerResponse {
        store.withState { state in
            REST.json(.array(state.items.filter { $0[keyPath: flag] != inverted }.map { .int($0.id) }))
        }
    }

    /// Marks the listed ids; answers with the ids that exist. More than 1000 ids is a 400.
    func setIDs(key: String, _ change: (inout EmulatedItem) -> Void) -> ServerResponse {
        guard let ids = REST.int64s(REST.object(request)?[key]) else { return .empty(400) }
        guard ids.count <= 1000 else { return .empty(400) }
        let wanted = Set(ids)
        return store.withState { state in
            var done: [Int64] = []
            for index in state.positions(of: wanted) {
                change(&state.items[index])
                done.append(state.items[index].id)
            }
            return REST.json(.array(done.map { .int($0) }))
        }
    }

    /// `POST tags.json {"old_name","new_name"}`: renames the tag (merging into an existing one);
    /// answers with the taggings.
    func renameTag() -> ServerResponse {
        let body = REST.object(request) ?? [:]
        guard let old = body["old_name"] as? String, let new = body["new_name"] as? String, !new.isEmpty else { return .empty(400) }
        let found: Bool = store.withState { state in
            guard let index = state.folders.firstIndex(where: { $0.name == old && $0.id != 1 }) else { return false }
            if let target = state.folders.first(where: { $0.name == new && $0.id != 1 }) {
                let oldID = state.folders[index].id
                for feed in state.feeds.indices where state.feeds[feed].folderID == oldID { state.feeds[feed].folderID = target.id }
                state.folders.remove(at: index)
            } else {
                state.folders[index].name = new
            }
            return true
        }
        return found ? taggings() : .empty(404)
    }

    /// `DELETE tags.json {"name"}`: the tag goes, its feeds stay subscribed at the root.
    func deleteTag() -> ServerResponse {
        guard let name = REST.object(request)?["name"] as? String else { return .empty(400) }
        let found: Bool = store.withState { state in
            guard let index = state.folders.firstIndex(where: { $0.name == name && $0.id != 1 }) else { return false }
            let id = state.folders[index].id
            for feed in state.feeds.indices where state.feeds[feed].folderID == id { state.feeds[feed].folderID = 1 }
            state.folders.remove(at: index)
            return true
        }
        return found ? taggings() : .empty(404)
    }
}

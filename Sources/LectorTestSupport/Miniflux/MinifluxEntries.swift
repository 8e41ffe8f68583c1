import Foundation
import LectorBasics

/// Entry listing and state changes.
extension MinifluxCall {
    enum Filtered {
        /// Positions in `state.items`, in the order asked for.
        case items(ArraySlice<Int>)
        case reply(ServerResponse)
    }

    static func entryJSON(_ item: EmulatedItem, in state: FeedStore.State) -> JSONValue {
        let feed = state.feeds.first { $0.id == item.feedID }
        let changed = REST.iso8601(seconds: item.id / 1_000_000)
        return .object([
            ("id", .int(item.id)), ("user_id", .int(1)), ("feed_id", .number(item.feedID)),
            ("status", .string(item.read ? "read" : "unread")), ("hash", .string(MD5.hex(of: item.url))),
            ("title", .string(item.title)), ("url", .string(item.url)), ("comments_url", .string("")),
            ("published_at", .string(REST.iso8601(seconds: item.published))), ("created_at", .string(changed)),
            ("changed_at", .string(changed)), ("content", .string(item.content)), ("author", .string(item.author ?? "")),
            ("share_code", .string("")), ("starred", .bool(item.starred)), ("reading_time", .int(1)),
            ("enclosures", .array(item.enclosures.map {
                .object([("url", .string($0.url)), ("mime_type", .string($0.type)), ("size", .int($0.length))])
            })),
            ("feed", feed.map { embeddedFeedJSON($0, in: state) } ?? .null), ("tags", .array(item.labels.map(JSONValue.string))),
        ])
    }

    /// Applies status/starred/feed/category/id/date filters and the sort order. Everything but
    /// the entry-id window is one remembered selection; in id order the window is a binary search.
    private func filtered(_ scope: Scope, in state: inout FeedStore.State) -> Filtered {
        let query = request.queryItems
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        switch scope {
        case .all: break
        case .feed(let id):
            guard state.feeds.contains(where: { $0.id == id }) else { return .reply(MinifluxEmulator.error("Not Found", 404)) }
        case .category(let id):
            guard state.folders.contains(where: { $0.id == id }) else { return .reply(MinifluxEmulator.error("Not Found", 404)) }
        }
        let descending = value("direction") == "desc"
        let byID = value("order") == "id"
        let after = value("after_entry_id").flatMap(Int64.init)
        let before = value("before_entry_id").flatMap(Int64.init)
        let windowed: Set<String> = byID ? ["offset", "limit", "after_entry_id", "before_entry_id"] : ["offset", "limit"]
        let key = "miniflux\u{0}\(scope)\u{0}" + query.filter { !windowed.contains($0.name) }.map { "\($0.name)=\($0.value)" }
            .joined(separator: "&")
        let selected = state.selection(key) { state in
            var inScope: Set<Int>?
            switch scope {
            case .all: inScope = nil
            case .feed(let id): inScope = [id]
            case .category(let id): inScope = Set(state.feeds.filter { $0.folderID == id }.map(\.id))
            }
            var positions = state.positions { inScope?.contains($0.feedID) ?? true }
            let statuses = query.filter { $0.name == "status" }.map(\.value)
            if !statuses.isEmpty { positions.removeAll { !statuses.contains(state.items[$0].read ? "read" : "unread") } }
            if let starred = value("starred") {
                let wanted = starred == "true" || starred == "1"
                positions.removeAll { state.items[$0].starred != wanted }
            }
            if let feed = value("feed_id").flatMap(Int.init) { positions.removeAll { state.items[$0].feedID != feed } }
            if let category = value("category_id").flatMap(Int.init) {
                let feeds = Set(state.feeds.filter { $0.folderID == category }.map(\.id))
                positions.removeAll { !feeds.contains(state.items[$0].feedID) }
            }
            if !byID {
                if let after { positions.removeAll { state.items[$0].id <= after } }
                if let before { positions.removeAll { state.items[$0].id >= before } }
            }
            if let after = (value("after") ?? value("published_after")).flatMap(Int64.init) {
                positions.removeAll { state.items[$0].published <= after }
            }
            if let before = (value("before") ?? value("published_before")).flatMap(Int64.init) {
                positions.removeAll { state.items[$0].published >= before }
            }
            if !byID {
                positions.sort {
                    let (a, b) = (state.items[$0], state.items[$1])
                    return a.published == b.published ? (a.id < b.id) != descending : (a.published < b.published) != descending
                }
            } else if descending {
                positions.reverse()
            }
            return positions
        }
        guard byID else { return .items(selected[...]) }
        let items = state.items
        // In id order (either direction) the window [after, before] is a contiguous run.
        func boundary(_ id: Int64) -> Int {
            var low = 0, high = selected.count
            while low < high {
                let middle = (low + high) / 2
                if (items[selected[middle]].id < id) != descending { low = middle + 1 } else { high = middle }
            }
            return low
        }
        var low = 0, high = selected.count
        if descending {
            if let before { low = boundary(before) }
            if let after { high = boundary(after &+ 1) }
        } else {
            if let after { low = boundary(after &+ 1) }
            if let before { high = boundary(before) }
        }
        return .items(selected[low..<Swift.max(low, high)])
    }

    func entries(scope: Scope) -> ServerResponse {
        let limit = request.queryValue("limit").flatMap(Int.init) ?? 100
        let offset = max(0, request.queryValue("offset").flatMap(Int.init) ?? 0)
        guard limit <= 1000 else { return MinifluxEmulator.error("The limit must be at most 1000", 400) }
        return store.withState { state in
            switch filtered(scope, in: &state) {
            case .reply(let response): return response
            case .items(let items):
                let page = items.dropFirst(offset).prefix(limit == 0 ? items.count : limit)
                return REST.json(.object([("total", .number(items.count)),
                                          ("entries", .array(page.map { Self.entryJSON(state.items[$0], in: state) }))]))
            }
        }
    }

    func entryIDs() -> ServerResponse {
        store.withState { state in
            guard case .items(let items) = filtered(Scope.all, in: &state) else { return MinifluxEmulator.error("Bad Request", 400) }
            let ids = items.map { state.items[$0].id }.sorted(by: >)
            let offset = max(0, request.queryValue("offset").flatMap(Int.init) ?? 0)
            let limit = request.queryValue("limit").flatMap(Int.init) ?? 10000
            return REST.json(.object([("total", .number(ids.count)),
                                      ("entry_ids", .array(ids.dropFirst(offset).prefix(limit).map { .int($0) }))]))
        }
    }

    func entry(_ id: Int64?) -> ServerResponse {
        store.withState { state in
            guard let index = id.flatMap(state.position(of:)) else { return MinifluxEmulator.error("Not Found", 404) }
            return REST.json(Self.entryJSON(state.items[index], in: state))
        }
    }

    func updateEntries() -> ServerResponse {
        let body = REST.object(request) ?? [:]
        guard let ids = REST.int64s(body["entry_ids"]), !ids.isEmpty else {
            return MinifluxEmulator.error("The list of entries is mandatory", 400)
        }
        let status = body["status"] as? String
        let starred = acceptsStarredField ? body["starred"] as? Bool : nil
        guard status != nil || starred != nil else { return MinifluxEmulator.error("Nothing to update", 400) }
        if let status, status != "read", status != "unread" { return MinifluxEmulator.error("Invalid entry status", 400) }
        let wanted = Set(ids)
        store.withState { state in
            for index in state.positions(of: wanted) {
                if let status { state.items[index].read = status == "read" }
                if let starred { state.items[index].starred = starred }
            }
        }
        return .empty(204)
    }

    /// Toggles: calling it twice restores the original state (a blind retry undoes a star).
    func toggleStar(_ id: Int64?) -> ServerResponse {
        store.withState { state in
            guard let index = id.flatMap(state.position(of:)) else { return MinifluxEmulator.error("Not Found", 404) }
            state.items[index].starred.toggle()
            return .empty(204)
        }
    }
}

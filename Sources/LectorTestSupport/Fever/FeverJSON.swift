import Foundation

/// The Fever JSON shapes.
enum FeverJSON {
    static func groups(_ state: FeedStore.State) -> JSONValue {
        .array(state.folders.sorted { $0.name < $1.name }.map {
            .object([("id", .number($0.id)), ("title", .string(FreshRSSReply.escapeTitle($0.name)))])
        })
    }

    static func favicons(_ state: FeedStore.State) -> JSONValue {
        .array(state.favicons.keys.sorted().compactMap { id in
            state.favicons[id].map { .object([("id", .number(id)), ("data", .string("\($0.mimeType);base64,\($0.data.base64EncodedString())"))]) }
        })
    }

    static func feedsGroups(_ state: FeedStore.State) -> JSONValue {
        .array(state.folders.sorted { $0.id < $1.id }.compactMap { folder in
            let ids = state.feeds.filter { $0.folderID == folder.id }.sorted { $0.title < $1.title }.map { String($0.id) }
            return ids.isEmpty ? nil : .object([("group_id", .number(folder.id)), ("feed_ids", .string(ids.joined(separator: ",")))])
        })
    }

    static func feeds(_ state: FeedStore.State) -> JSONValue {
        .array(state.feeds.sorted { $0.title < $1.title }.map { feed in
            .object([
                ("id", .number(feed.id)), ("favicon_id", .number(feed.id)),
                ("title", .string(FreshRSSReply.escapeTitle(feed.title))), ("url", .string(feed.feedURL)),
                ("site_url", .string(feed.siteURL)), ("is_spark", .int(0)), ("last_updated_on_time", .int(feed.lastUpdated)),
            ])
        })
    }

    /// `with_ids` wins, then `max_id` (descending), then `since_id` (ascending); at most 50.
    /// Walks from the binary-searched start in id order, so a page costs what it holds.
    static func items(_ state: FeedStore.State, query: [(name: String, value: String)]) -> JSONValue {
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        let feedIDs = value("feed_ids").map { Set($0.split(separator: ",").compactMap { Int($0) }) }
        let feedsOfGroups = value("group_ids").map { groupIDs in
            let groups = Set(groupIDs.split(separator: ",").compactMap { Int($0) })
            return Set(state.feeds.filter { groups.contains($0.folderID) }.map(\.id))
        }
        func wanted(_ item: EmulatedItem) -> Bool {
            (feedIDs?.contains(item.feedID) ?? true) && (feedsOfGroups?.contains(item.feedID) ?? true)
        }
        var items: [EmulatedItem] = []
        if let withIDs = value("with_ids") {
            items = state.positions(of: withIDs.split(separator: ",").compactMap { Int64($0) }).map { state.items[$0] }.filter(wanted)
        } else if let maxID = value("max_id").flatMap(Int64.init) {
            var index = state.lowerBound(maxID) - 1
            while index >= 0, items.count < 50 {
                if wanted(state.items[index]) { items.append(state.items[index]) }
                index -= 1
            }
        } else {
            var index = value("since_id").flatMap(Int64.init).map { state.lowerBound($0 &+ 1) } ?? 0
            while index < state.items.count, items.count < 50 {
                if wanted(state.items[index]) { items.append(state.items[index]) }
                index += 1
            }
        }
        return .array(items.prefix(50).map { item in
            .object([
                ("id", .string(String(item.id))), ("feed_id", .number(item.feedID)),
                ("title", .string(FreshRSSReply.escapeTitle(item.title))), ("author", .string(item.author ?? "")),
                ("html", .string(item.content)), ("url", .string(item.url)),
                ("is_saved", .int(item.starred ? 1 : 0)), ("is_read", .int(item.read ? 1 : 0)),
                ("created_on_time", .int(item.published)),
            ])
        })
    }

    static func ids(_ state: FeedStore.State, where include: (EmulatedItem) -> Bool) -> JSONValue {
        .string(state.items.filter(include).map { String($0.id) }.joined(separator: ","))
    }
}

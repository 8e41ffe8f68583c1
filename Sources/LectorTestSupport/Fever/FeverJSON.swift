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
    static func items(_ state: FeedStore.State, query: [(name: String, value: String)]) -> JSONValue {
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        var items = state.items
        if let feedIDs = value("feed_ids") {
            let ids = Set(feedIDs.split(separator: ",").compactMap { Int($0) })
            items.removeAll { !ids.contains($0.feedID) }
        }
        if let groupIDs = value("group_ids") {
            let groups = Set(groupIDs.split(separator: ",").compactMap { Int($0) })
            let feeds = Set(state.feeds.filter { groups.contains($0.folderID) }.map(\.id))
            items.removeAll { !feeds.contains($0.feedID) }
        }
        if let withIDs = value("with_ids") {
            let ids = withIDs.split(separator: ",").compactMap { Int64($0) }
            items = items.filter { ids.contains($0.id) }.sorted { $0.id < $1.id }
        } else if let maxID = value("max_id").flatMap(Int64.init) {
            items = items.filter { $0.id < maxID }.sorted { $0.id > $1.id }
        } else if let sinceID = value("since_id").flatMap(Int64.init) {
            items = items.filter { $0.id > sinceID }.sorted { $0.id < $1.id }
        } else {
            items.sort { $0.id < $1.id }
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
        .string(state.items.filter(include).map(\.id).sorted().map(String.init).joined(separator: ","))
    }
}

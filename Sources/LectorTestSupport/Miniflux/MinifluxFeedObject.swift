import Foundation

/// Miniflux 2.3.3's feed object, every field in the order it sends them (miniflux 005, 035–089).
extension MinifluxCall {
    /// The per-feed text fields `PUT /v1/feeds/{id}` takes besides title and addresses (088).
    static let textFields = ["scraper_rules", "rewrite_rules", "blocklist_rules", "keeplist_rules", "block_filter_entry_rules",
                             "keep_filter_entry_rules", "urlrewrite_rules", "user_agent", "cookie", "username", "password",
                             "proxy_url", "description"]
    /// The per-feed switches it takes (088).
    static let switchFields = ["disabled", "no_media_player", "ignore_http_cache", "allow_self_signed_certificates",
                               "fetch_via_proxy", "hide_globally", "disable_http2", "crawler", "ignore_entry_updates"]

    /// The feed inside each entry: the fields a client reads there, as before, not the whole object
    /// Miniflux embeds (the sync tests page through thousands of entries against a 3 s deadline).
    static func embeddedFeedJSON(_ feed: EmulatedFeed, in state: FeedStore.State) -> JSONValue {
        let folder = state.folders.first { $0.id == feed.folderID } ?? EmulatedFolder(id: feed.folderID, name: "")
        return .object([
            ("id", .number(feed.id)), ("user_id", .int(1)), ("feed_url", .string(feed.feedURL)), ("site_url", .string(feed.siteURL)),
            ("title", .string(feed.title)), ("checked_at", .string(REST.iso8601(seconds: feed.lastUpdated))),
            ("parsing_error_message", .string(state.feedErrors[feed.id]?.message ?? "")),
            ("parsing_error_count", .int(Int64(state.feedErrors[feed.id]?.count ?? 0))),
            ("disabled", feed.settings["disabled"] ?? .bool(false)), ("hide_globally", feed.settings["hide_globally"] ?? .bool(false)),
            ("category", .object(categoryJSON(folder))), ("icon", .null),
        ])
    }

    static func feedJSON(_ feed: EmulatedFeed, in state: FeedStore.State) -> JSONValue {
        let folder = state.folders.first { $0.id == feed.folderID } ?? EmulatedFolder(id: feed.folderID, name: "")
        func text(_ name: String) -> (String, JSONValue) { (name, feed.settings[name] ?? .string("")) }
        func flag(_ name: String) -> (String, JSONValue) { (name, feed.settings[name] ?? .bool(false)) }
        let checked = REST.iso8601(seconds: feed.lastUpdated)
        return .object([
            ("id", .number(feed.id)), ("user_id", .int(1)), ("feed_url", .string(feed.feedURL)), ("site_url", .string(feed.siteURL)),
            ("title", .string(feed.title)), text("description"), ("language", .string("")), ("checked_at", .string(checked)),
            ("next_check_at", .string(checked)), ("etag_header", .string("")), ("last_modified_header", .string("")),
            ("parsing_error_message", .string(state.feedErrors[feed.id]?.message ?? "")),
            ("parsing_error_count", .int(Int64(state.feedErrors[feed.id]?.count ?? 0))),
            text("scraper_rules"), text("rewrite_rules"), text("blocklist_rules"), text("keeplist_rules"),
            text("block_filter_entry_rules"), text("keep_filter_entry_rules"), text("urlrewrite_rules"), text("user_agent"),
            text("cookie"), text("username"), text("password"), flag("disabled"), flag("no_media_player"),
            flag("ignore_http_cache"), flag("allow_self_signed_certificates"), flag("fetch_via_proxy"), flag("hide_globally"),
            flag("disable_http2"), ("pushover_enabled", .bool(false)), ("ntfy_enabled", .bool(false)), flag("crawler"),
            flag("ignore_entry_updates"), ("apprise_service_urls", .string("")), ("webhook_url", .string("")),
            ("ntfy_priority", .int(3)), ("ntfy_topic", .string("")), ("pushover_priority", .int(0)), text("proxy_url"),
            ("category", .object(categoryJSON(folder))),
            ("icon", .object([("feed_id", .number(feed.id)), ("icon_id", .int(0)), ("external_icon_id", .string(""))])),
        ])
    }
}

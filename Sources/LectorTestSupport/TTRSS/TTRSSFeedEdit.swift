import Foundation

/// The feed edit dialog of TT-RSS's web backend as recorded (project fixtures ttrss 017–025):
/// `Pref_Feeds` / `editfeed` prints the feed's row with the dialog's lists, `editSave` writes every
/// field of the row from the form and blanks what the form left out (021, 022), `batchEditSave`
/// writes only the fields it is sent (023, 024). The row's settings live in the feed's `settings`
/// under their column names; a feed never edited has TT-RSS's defaults.
extension TTRSSEmulator {
    /// `ttrss_feeds`' defaults for the columns the dialog edits (schema.sql; up.sh's feeds, 017's setup).
    static let feedSettingDefaults: [(String, JSONValue)] = [
        ("update_interval", .int(0)), ("purge_interval", .int(0)), ("feed_language", .string("")),
        ("auth_login", .string("")), ("auth_pass", .string("")), ("private", .bool(false)), ("include_in_digest", .bool(true)),
        ("cache_images", .bool(false)), ("hide_images", .bool(false)), ("always_display_enclosures", .bool(false)),
        ("mark_unread_on_update", .bool(false)),
    ]
    static let feedCheckboxes = ["private", "include_in_digest", "cache_images", "hide_images", "always_display_enclosures", "mark_unread_on_update"]

    /// Sets columns of feed `id`'s row (what the user chose in TT-RSS's own dialog).
    public func setFeedSettings(_ id: Int, _ values: [String: JSONValue]) {
        store.withState { state in
            guard let index = state.feeds.firstIndex(where: { $0.id == id }) else { return }
            state.feeds[index].settings.merge(values) { $1 }
        }
    }

    /// Changes feed `id`'s site address or category (a folder of the store), as TT-RSS's own dialog does.
    public func setFeed(_ id: Int, siteURL: String? = nil, folder: String? = nil) {
        store.withState { state in
            guard let index = state.feeds.firstIndex(where: { $0.id == id }) else { return }
            if let siteURL { state.feeds[index].siteURL = siteURL }
            if let folder, let folderID = state.folders.first(where: { $0.name == folder })?.id { state.feeds[index].folderID = folderID }
        }
    }

    /// Feed `id`'s row columns the dialog edits, defaults filled in; nil for a feed it does not have.
    public func feedSettings(_ id: Int) -> [String: JSONValue]? {
        store.withState { state in
            state.feeds.first { $0.id == id }.map { feed in
                Dictionary(Self.feedSettingDefaults, uniquingKeysWith: { $1 }).merging(feed.settings) { $1 }
            }
        }
    }

    /// `editfeed`: the row and the dialog's lists (017); a feed the user does not have crashes PHP (HTTP 500, empty).
    func editFeed(_ id: Int) -> ServerResponse {
        guard let settings = feedSettings(id), let (feed, folders) = store.withState({ state in
            state.feeds.first { $0.id == id }.map { ($0, state.folders) }
        }) else {
            return ServerResponse(status: 500, headers: [(name: "Content-Type", value: Self.webType)])
        }
        let category: JSONValue = feed.folderID > 1 ? .number(feed.folderID - 1) : .null
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let updated: JSONValue = .string(formatter.string(from: Date(timeIntervalSince1970: TimeInterval(feed.lastUpdated))))
        let icon = base.withLock { $0 } + "/public.php?op=feed_icon&id=\(id)"
        let row: [(String, JSONValue)] = [
            ("id", .number(id)), ("owner_uid", .int(2)), ("title", .string(feed.title)), ("cat_id", category), ("feed_url", .string(feed.feedURL)),
            ("icon_url", .string("")), ("update_interval", settings["update_interval"]!), ("purge_interval", settings["purge_interval"]!),
            ("last_updated", updated), ("last_unconditional", updated), ("last_error", .string("")), ("last_modified", .string("")),
            ("favicon_avg_color", .null), ("favicon_is_custom", .null), ("site_url", .string(feed.siteURL)),
            ("auth_login", settings["auth_login"]!), ("parent_feed", .null), ("private", settings["private"]!),
            ("auth_pass", settings["auth_pass"]!), ("hidden", .bool(false)), ("include_in_digest", settings["include_in_digest"]!),
            ("rtl_content", .bool(false)), ("cache_images", settings["cache_images"]!), ("hide_images", settings["hide_images"]!),
            ("cache_content", .bool(false)), ("last_viewed", .null), ("last_update_started", updated), ("last_successful_update", updated),
            ("update_method", .int(0)), ("always_display_enclosures", settings["always_display_enclosures"]!), ("order_id", .int(0)),
            ("mark_unread_on_update", settings["mark_unread_on_update"]!), ("update_on_checksum_change", .bool(false)),
            ("strip_images", .bool(false)), ("view_settings", .string("")), ("pubsub_state", .int(0)), ("favicon_last_checked", updated),
            ("feed_language", settings["feed_language"]!), ("auth_pass_encrypted", .bool(false)), ("icon", .string(icon)),
        ]
        let options = folders.filter { $0.id > 1 }.map { folder in
            "<option \(folder.id == feed.folderID ? "selected=\"1\"" : "") value='\(folder.id - 1)'>\(folder.name)</option>"
        }.joined()
        let select = "<select name=\"cat_id\"\n                        id=\"\"\n                        default=\"\(max(0, feed.folderID - 1))\"\n"
            + "                        dojoType=\"fox.form.Select\" >\(options)<option  value=\"0\">Uncategorized</option></select>"
        let update: [(String, String)] = [("0", "Default interval (30 minutes)"), ("-1", "Disable updates"), ("15", "15 minutes"),
                                          ("30", "30 minutes"), ("60", "Hourly"), ("240", "4 hours"), ("720", "12 hours"),
                                          ("1440", "Daily"), ("10080", "Weekly")]
        let purge: [(String, String)] = [("0", "Use default (60 days)"), ("-1", "Never purge"), ("7", "1 week old"), ("14", "2 weeks old"),
                                         ("31", "1 month old"), ("60", "2 months old"), ("90", "3 months old")]
        let languages = ["Simple", "Arabic", "Armenian", "Basque", "Catalan", "Danish", "Dutch", "English", "Finnish", "French", "German",
                         "Greek", "Hindi", "Hungarian", "Indonesian", "Irish", "Italian", "Lithuanian", "Nepali", "Norwegian", "Portuguese",
                         "Romanian", "Russian", "Serbian", "Spanish", "Swedish", "Tamil", "Turkish", "Yiddish"]
        let answer: JSONValue = .object([
            ("feed", .object(row)),
            ("cats", .object([("enabled", .bool(true)), ("select", .string(select))])),
            ("plugin_data", .string("")), ("force_purge", .int(0)),
            ("intervals", .object([("update", .object(update.map { ($0.0, .string($0.1)) })),
                                   ("purge", .object(purge.map { ($0.0, .string($0.1)) }))])),
            ("user", .object([("access_level", .int(0))])),
            ("lang", .object([("enabled", .bool(true)), ("default", .string("")), ("all", .array(languages.map { .string($0) }))])),
        ])
        return .json(answer, contentType: Self.webType, style: .phpDefault)
    }

    /// `editSave`: every field from the form, a missing one blank (`?? ""`, a checkbox off unless "on").
    func saveFeed(_ id: Int, _ value: (String) -> String?) {
        var settings: [String: JSONValue] = [:]
        for name in ["update_interval", "purge_interval"] { settings[name] = .number(Int(value(name) ?? "") ?? 0) }
        for name in ["feed_language", "auth_login", "auth_pass"] { settings[name] = .string(value(name) ?? "") }
        for name in Self.feedCheckboxes { settings[name] = .bool(value(name) == "on") }
        store.withState { state in
            guard let index = state.feeds.firstIndex(where: { $0.id == id }) else { return }
            state.feeds[index].title = value("title") ?? ""
            state.feeds[index].feedURL = value("feed_url") ?? ""
            state.feeds[index].siteURL = value("site_url") ?? ""
            let category = (Int(value("cat_id") ?? "") ?? 0) + 1
            state.feeds[index].folderID = state.folders.contains { $0.id == category } ? category : 1
            state.feeds[index].settings.merge(settings) { $1 }
        }
    }
}

import Foundation

/// The user as `GET /v1/me` and `PUT /v1/users/{id}` show it, with the user's own entry filters
/// (miniflux 175–177, 180): the answer to a change is the whole user, 201; a bad filter is
/// refused as a feed's is, 400; another user's id, 403.
extension MinifluxCall {
    static let userFilterFields = ["block_filter_entry_rules", "keep_filter_entry_rules"]

    func userJSON() -> JSONValue {
        let settings = store.withState { $0.userSettings }
        let texts = ["stylesheet", "custom_js", "external_font_hosts", "google_id", "openid_connect_id"].map { ($0, JSONValue.string("")) }
        return .object([("id", .int(1)), ("username", .string(account.username)), ("is_admin", .bool(false)),
                        ("theme", .string("light_serif")), ("language", .string("en_US")), ("timezone", .string("UTC")),
                        ("entry_sorting_direction", .string("desc")), ("entry_sorting_order", .string("published_at"))] + texts
                       + [("entries_per_page", .int(100)), ("keyboard_shortcuts", .bool(true)), ("show_reading_time", .bool(true)),
                          ("entry_swipe", .bool(true)), ("gesture_nav", .string("tap")), ("last_login_at", .string("2026-01-01T00:00:00Z")),
                          ("display_mode", .string("standalone")), ("default_reading_speed", .int(265)), ("cjk_reading_speed", .int(500)),
                          ("default_home_page", .string("unread")), ("categories_sorting_order", .string("unread_count")),
                          ("mark_read_on_view", .bool(true)), ("mark_read_on_media_player_completion", .bool(false)),
                          ("media_playback_rate", .int(1))]
                       + Self.userFilterFields.map { ($0, .string(settings[$0] ?? "")) }
                       + [("always_open_external_links", .bool(false)), ("open_external_links_in_new_tab", .bool(true))])
    }

    func updateUser(_ id: Int) -> ServerResponse {
        guard id == 1 else { return MinifluxEmulator.error("access forbidden", 403) }
        let body = REST.object(request) ?? [:]
        for (name, kind) in zip(Self.userFilterFields, ["Block", "Keep"]) {
            if let rules = body[name] as? String, let problem = Self.filterRuleProblem(rules, kind: kind) {
                return MinifluxEmulator.error(problem, 400)
            }
        }
        store.withState { state in
            for name in Self.userFilterFields { if let value = body[name] as? String { state.userSettings[name] = value } }
        }
        return REST.json(userJSON(), status: 201)
    }
}

extension FeedStore {
    /// One of the user's own settings (Miniflux's user filters), nil when unset or empty.
    public func userSetting(_ name: String) -> String? {
        withState { $0.userSettings[name].flatMap { $0.isEmpty ? nil : $0 } }
    }

    public func setUserSetting(_ name: String, _ value: String?) {
        withState { $0.userSettings[name] = value }
    }
}

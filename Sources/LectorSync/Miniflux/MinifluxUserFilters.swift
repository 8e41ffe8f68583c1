import LectorBasics

/// The user's own entry filters, for every feed: `block_filter_entry_rules` and
/// `keep_filter_entry_rules` of `GET /v1/me`, changed with `PUT /v1/users/{id}` (miniflux
/// 175–177, 180; a bad filter is refused with Miniflux's own message).
extension MinifluxProvider {
    static let userFilterFields: [FeedSettingKey: String] = [.blockFilter: "block_filter_entry_rules", .keepFilter: "keep_filter_entry_rules"]

    public func userFilters() throws(SyncError) -> [FeedSettingKey: String] {
        let me = try user()
        var filters: [FeedSettingKey: String] = [:]
        for (key, field) in Self.userFilterFields { if let value = me[field] as? String, !value.isEmpty { filters[key] = value } }
        return filters
    }

    public func changeUserFilters(_ changes: [FeedSettingKey: String]) throws(SyncError) {
        guard let id = MinifluxWire.int64(try user()["id"]) else { throw .protocolViolation("/v1/me did not give the user's id") }
        var body: [String: Any] = [:]
        for (key, value) in changes { if let field = Self.userFilterFields[key] { body[field] = value } }
        try call("PUT", "v1/users/\(id)", json: body, "changing the user's filters")
    }

    private func user() throws(SyncError) -> [String: Any] {
        guard let me = try getJSON("v1/me", [], "/v1/me") as? [String: Any] else { throw .protocolViolation("/v1/me did not give the user") }
        return me
    }
}

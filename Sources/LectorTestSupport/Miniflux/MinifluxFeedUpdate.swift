import Foundation

/// `PUT /v1/feeds/{id}`: any of the feed's fields, checked as Miniflux 2.3.3 checks them, answered
/// 201 with the whole feed (miniflux 036–106); an unknown feed is 404 (104).
extension MinifluxCall {
    func updateFeed(_ id: Int?) -> ServerResponse {
        let body = REST.object(request) ?? [:]
        for name in ["title", "feed_url", "site_url"] + Self.textFields {
            if let value = body[name], !(value is String) {
                let type = value is NSNull ? "null" : "number"
                return MinifluxEmulator.error("json: cannot unmarshal \(type) into Go struct field FeedModificationRequest.\(name) of type string", 400)
            }
        }
        return store.withState { state in
            guard let index = state.feeds.firstIndex(where: { $0.id == id }) else { return MinifluxEmulator.error("resource not found", 404) }
            if let problem = Self.invalidity(body, feedID: state.feeds[index].id, in: state) { return MinifluxEmulator.error(problem, 400) }
            if let title = body["title"] as? String { state.feeds[index].title = title }
            if let url = body["feed_url"] as? String { state.feeds[index].feedURL = url }
            if let url = body["site_url"] as? String { state.feeds[index].siteURL = url }
            if let category = (body["category_id"] as? NSNumber)?.intValue { state.feeds[index].folderID = category }
            for name in Self.textFields {
                if let value = body[name] as? String { state.feeds[index].settings[name] = value.isEmpty ? nil : .string(value) }
            }
            for name in Self.switchFields {
                if let value = body[name] as? Bool { state.feeds[index].settings[name] = value ? .bool(true) : nil }
            }
            return REST.json(Self.feedJSON(state.feeds[index], in: state), status: 201)
        }
    }

    /// Miniflux's message for the first field it refuses (090–101); bad `urlrewrite_rules` pass (102).
    static func invalidity(_ body: [String: Any], feedID: Int, in state: FeedStore.State) -> String? {
        if let url = body["feed_url"] as? String {
            if url.isEmpty { return "The feed URL cannot be empty." }
            if !absolute(url) { return "Invalid feed URL." }
            if state.feeds.contains(where: { $0.feedURL == url && $0.id != feedID }) { return "This feed already exists." }
        }
        if let url = body["site_url"] as? String, !url.isEmpty, !absolute(url) { return "Invalid site URL." }
        if let title = body["title"] as? String, title.isEmpty { return "The feed title cannot be empty." }
        if let category = (body["category_id"] as? NSNumber)?.intValue, !state.folders.contains(where: { $0.id == category }) {
            return "This category does not exist or does not belong to this user."
        }
        if let rule = body["blocklist_rules"] as? String, !rule.isEmpty, !validRegex(rule) { return "The block list rule is invalid." }
        if let rule = body["keeplist_rules"] as? String, !rule.isEmpty, !validRegex(rule) { return "The keep list rule is invalid." }
        for (name, kind) in [("block_filter_entry_rules", "Block"), ("keep_filter_entry_rules", "Keep")] {
            if let rules = body[name] as? String, let problem = filterRuleProblem(rules, kind: kind) { return problem }
        }
        if let url = body["proxy_url"] as? String, !url.isEmpty, !absolute(url) { return "Invalid proxy URL." }
        return nil
    }

    static let filterFields = ["EntryTitle", "EntryURL", "EntryCommentsURL", "EntryContent", "EntryAuthor", "EntryTag", "EntryDate"]

    /// One `Field=regex` rule a line (092–094).
    static func filterRuleProblem(_ rules: String, kind: String) -> String? {
        for (number, line) in rules.split(separator: "\n").enumerated() {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, filterFields.contains(parts[0]) else {
                let options = filterFields.map { "'\($0)'" }.joined(separator: ", ")
                return "Invalid \(kind) rule: rule #\(number + 1) is missing a valid field name (Options: \(options))"
            }
            if !validRegex(parts[1]) { return "Invalid \(kind) rule: rule #\(number + 1)'s pattern is not a valid regex" }
        }
        return nil
    }

    static func validRegex(_ pattern: String) -> Bool { (try? NSRegularExpression(pattern: pattern)) != nil }

    static func absolute(_ url: String) -> Bool {
        guard let parsed = URL(string: url), let scheme = parsed.scheme, !scheme.isEmpty, parsed.host != nil else { return false }
        return true
    }
}

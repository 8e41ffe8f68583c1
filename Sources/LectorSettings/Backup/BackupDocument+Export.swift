import FoundationEssentials
import LectorBasics

extension BackupDocument {
    /// A document in the current format describing the given state; `now` is injectable for tests.
    public static func export(toolVersion: String, accounts: [BackupAccount], preferences: Preferences,
                              subscriptions: [String: BackupSubscriptions]? = nil,
                              readingList: [ReadingListEntry]? = nil, profiles: [Profile]? = nil,
                              rules: [BackupRule]? = nil, savedSearches: [SavedSearch]? = nil,
                              now: Date = Date()) -> BackupDocument {
        BackupDocument(toolVersion: toolVersion, createdAt: BackupFormat.timestamp(now), accounts: accounts,
                       settings: preferences.grouped, subscriptions: subscriptions, readingList: readingList, profiles: profiles,
                       rules: rules, savedSearches: savedSearches)
    }

    /// The document as a JSON value, field names as in the schema, absent optional sections omitted;
    /// without the starred section, which is read from its file (`StarredSection.jsonValue()`).
    public var jsonValue: JSONValue {
        var root: [String: JSONValue] = [
            "format": .string(format),
            "version": .string(version),
            "tool_version": .string(toolVersion),
            "created_at": .string(createdAt),
            "accounts": .array(accounts.map(\.jsonValue)),
            "settings": .object(settings.mapValues { .object($0) }),
        ]
        if let subscriptions {
            root["subscriptions"] = .object(subscriptions.mapValues(\.jsonValue))
        }
        if let readingList {
            root["reading_list"] = .array(readingList.map(\.jsonValue))
        }
        if let profiles {
            root["profiles"] = .array(profiles.map(\.jsonValue))
        }
        if let rules { root["rules"] = .array(rules.map(\.jsonValue)) }
        if let savedSearches { root["saved_searches"] = .array(savedSearches.map(\.jsonValue)) }
        return .object(root)
    }

    /// Canonical file bytes: sorted keys, two-space indent, trailing newline — stable for diffs.
    public func encoded() -> Data {
        jsonValue.canonicalData(pretty: true)
    }
}

extension BackupAccount {
    /// The account as it appears in a backup.
    public var jsonValue: JSONValue {
        .object(["kind": .string(kind.rawValue), "name": .string(name), "url": url.map(JSONValue.string) ?? .null,
                 "user": user.map(JSONValue.string) ?? .null, "default": .bool(isDefault),
                 "plain_http_host": plainHTTPHost.map(JSONValue.string) ?? .null])
    }
}

extension BackupSubscriptions {
    var jsonValue: JSONValue {
        .object(["folders": .array(folders.map(JSONValue.string)), "feeds": .array(feeds.map(\.jsonValue))])
    }
}

extension BackupFeed {
    var jsonValue: JSONValue {
        var members: [String: JSONValue] = ["title": .string(title), "url": .string(url), "site_url": siteURL.map(JSONValue.string) ?? .null,
                                            "folder": folder.map(JSONValue.string) ?? .null]
        // Only for a feed behind a login: the others look as they did in format 1.0.
        if let loginUser { members["login_user"] = .string(loginUser) }
        if let plainHTTPHost { members["plain_http_host"] = .string(plainHTTPHost) }
        if titleIsPlaceholder { members["title_placeholder"] = .bool(true) }
        if !serverSettings.isEmpty { members["server_settings"] = .object(serverSettings.mapValues(JSONValue.string)) }
        return .object(members.merging(marksJSON) { _, marks in marks })
    }

    /// The feed's marks, present only when it has some: a feed without them looks as in format 1.1.
    var marksJSON: [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        if !readArticles.isEmpty { members["read_articles"] = .array(readArticles.map(JSONValue.string)) }
        if !starredArticles.isEmpty { members["starred_articles"] = .array(starredArticles.map(JSONValue.string)) }
        return members
    }

    /// The feed as a restore plan compares it: its marks are counted apart, not listed.
    var structureJSON: JSONValue {
        guard case .object(var members) = jsonValue else { return jsonValue }
        for key in marksJSON.keys { members[key] = nil }
        return .object(members)
    }
}

extension ReadingListEntry {
    var jsonValue: JSONValue {
        .object(["account": .string(account), "article_url": .string(articleURL), "title": .string(title)])
    }
}

import LectorBasics

/// Generates docs/backup.schema.json (JSON Schema draft 2020-12) from the registry and the backup model.
/// Rules a schema cannot say (unique account names, one default, folders that exist) are in docs/backup.md.
public enum BackupSchema {
    /// The schema document.
    public static var document: JSONValue {
        schema(id: "https://lector.invalid/schema/backup-\(BackupFormat.current.major).json",
               title: "Lector backup, format \(BackupFormat.current)",
               description: "A Lector backup: accounts without secrets, every settings group, optionally subscriptions, the reading list, the user's profiles, every starred article, the rules and the saved searches. $defs/profile describes a settings profile file (and each element of profiles).")
    }

    /// `backup inspect --json`: the document read from the file, with what the reader warned about
    /// beside it (docs/schemas/backup-inspect.schema.json).
    public static var inspectDocument: JSONValue {
        schema(id: "https://lector.invalid/schema/json/backup-inspect.json",
               title: "lector backup inspect --json",
               description: "The backup document read from the file (as in docs/backup.schema.json), with the reader's warnings beside it.",
               extra: ["warnings": .object(["type": "array", "items": .object(["type": "string"])])])
    }

    private static func schema(id: String, title: String, description: String, extra: [String: JSONValue] = [:]) -> JSONValue {
        var properties: [String: JSONValue] = [
            "format": .object(["const": .string(BackupFormat.name)]),
            "version": versionSchema,
            "tool_version": .object(["type": "string", "minLength": 1, "maxLength": 64]),
            "created_at": timestamp,
            "accounts": .object(["type": "array", "items": ref("account")]),
            "settings": ref("settings"),
            "subscriptions": .object(["type": "object", "additionalProperties": ref("subscriptions")]),
            "reading_list": .object(["type": "array", "items": ref("readingListEntry")]),
            "profiles": .object(["type": "array", "items": ref("profile")]),
            "starred": .object(["type": "object", "additionalProperties": .object(["type": "array", "items": ref("starredArticle")])]),
            "rules": .object(["type": "array", "items": ref("rule")]),
            "saved_searches": .object(["type": "array", "items": ref("savedSearch")]),
        ]
        properties.merge(extra) { _, new in new }
        return .object([
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": .string(id),
            "title": .string(title),
            "description": .string(description),
            "type": "object",
            "additionalProperties": false,
            "required": ["format", "version", "tool_version", "created_at", "accounts", "settings"],
            "properties": .object(properties),
            "$defs": .object(definitions),
        ])
    }

    /// The schema as the checked-in file's text.
    public static var text: String { document.canonicalText(pretty: true) + "\n" }

    /// `inspectDocument` as the checked-in file's text.
    public static var inspectText: String { inspectDocument.canonicalText(pretty: true) + "\n" }

    private static var versionSchema: JSONValue {
        .object(["type": "string", "pattern": "^\(BackupFormat.current.major)\\.[0-9]+$"])
    }

    private static func ref(_ name: String) -> JSONValue {
        .object(["$ref": .string("#/$defs/\(name)")])
    }

    /// An ISO-8601 time in UTC with a `Z`, as `created_at`.
    private static var timestamp: JSONValue {
        .object(["type": "string", "format": "date-time",
                 "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$"])
    }

    private static var webURL: JSONValue {
        .object(["type": "string", "maxLength": 2048, "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\s]+([/?#].*)?$"])
    }

    private static var identities: JSONValue {
        .object(["type": "array", "uniqueItems": true, "items": .object(["type": "string", "minLength": 1, "maxLength": 2048])])
    }

    private static func nullable(_ schema: JSONValue) -> JSONValue {
        .object(["anyOf": .array([schema, .object(["type": "null"])])])
    }

    private static func closedObject(_ properties: [String: JSONValue], required: [String]? = nil) -> JSONValue {
        .object(["type": "object", "additionalProperties": false,
                 "required": .array((required ?? properties.keys.sorted()).map(JSONValue.string)),
                 "properties": .object(properties)])
    }

    private static var definitions: [String: JSONValue] {
        var defs: [String: JSONValue] = [
            "account": closedObject([
                "kind": .object(["enum": .array(AccountKind.allCases.map { .string($0.rawValue) })]),
                "name": .object(["type": "string", "minLength": 1, "maxLength": 100]),
                "url": nullable(webURL),
                "user": nullable(.object(["type": "string", "minLength": 1])),
                "default": .object(["type": "boolean"]),
                "plain_http_host": nullable(.object(["type": "string", "minLength": 1])),
            ], required: ["kind", "name", "url", "user", "default"]),
            "subscriptions": closedObject([
                "folders": .object(["type": "array", "uniqueItems": true,
                                    "items": .object(["type": "string", "minLength": 1, "maxLength": 200])]),
                "feeds": .object(["type": "array", "items": ref("feed")]),
            ]),
            "feed": closedObject([
                "title": .object(["type": "string", "maxLength": 1000]),
                "url": webURL,
                "site_url": nullable(webURL),
                "folder": nullable(.object(["type": "string", "minLength": 1])),
                "login_user": nullable(.object(["type": "string", "minLength": 1])),
                "plain_http_host": nullable(.object(["type": "string", "minLength": 1])),
                "title_placeholder": .object(["type": "boolean"]),
                "read_articles": identities,
                "starred_articles": identities,
                "server_settings": .object(["type": "object", "additionalProperties": .object(["type": "string", "maxLength": 100_000])]),
            ], required: ["title", "url", "site_url", "folder"]),
            "readingListEntry": closedObject([
                "account": .object(["type": "string", "minLength": 1]),
                "article_url": webURL,
                "title": .object(["type": "string", "maxLength": 1000]),
            ]),
            "starredArticle": closedObject([
                "title": .object(["type": "string"]),
                "url": nullable(.object(["type": "string"])),
                "guid": nullable(.object(["type": "string"])),
                "author": nullable(.object(["type": "string"])),
                "content": nullable(.object(["type": "string"])),
                "published_at": nullable(timestamp),
                "updated_at": nullable(timestamp),
                "feed_title": .object(["type": "string"]),
                "feed_url": nullable(webURL),
                "site_url": nullable(webURL),
                "labels": .object(["type": "array", "items": .object(["type": "string", "minLength": 1, "maxLength": 200])]),
            ]),
            "rule": closedObject([
                "name": .object(["type": "string", "minLength": 1, "maxLength": 200]),
                "expression": .object(["type": "string", "minLength": 1, "maxLength": 10_000]),
                "action": .object(["type": "string", "minLength": 1, "maxLength": 200]),
                "enabled": .object(["type": "boolean"]),
                "account": nullable(.object(["type": "string", "minLength": 1])),
                "feed": nullable(webURL),
                "folder": nullable(.object(["type": "string", "minLength": 1])),
            ]),
            "savedSearch": closedObject([
                "name": .object(["type": "string", "minLength": 1, "maxLength": 200]),
                "expression": .object(["type": "string", "minLength": 1, "maxLength": 10_000]),
                "label": .object(["type": "boolean"]),
            ], required: ["name", "expression"]),
            "settings": settingsObject(complete: true),
            "partialSettings": settingsObject(complete: false),
            "profile": closedObject([
                "format": .object(["const": .string(BackupFormat.profileName)]),
                "version": versionSchema,
                "name": .object(["type": "string", "pattern": "^[a-z0-9][a-z0-9-]{0,39}$"]),
                "description": .object(["type": "string", "maxLength": 200]),
                "settings": ref("partialSettings"),
            ]),
        ]
        for group in SettingsGroup.allCases {
            defs["group-\(group.rawValue)"] = groupObject(group)
        }
        return defs
    }

    /// A group's settings with no required keys; the complete form adds `required` beside the `$ref`.
    private static func groupObject(_ group: SettingsGroup) -> JSONValue {
        var properties: [String: JSONValue] = [:]
        for setting in SettingsRegistry.settings(in: group) { properties[setting.name] = setting.schemaFragment }
        return .object(["type": "object", "description": .string(group.summary),
                        "additionalProperties": false, "properties": .object(properties)])
    }

    private static func settingsObject(complete: Bool) -> JSONValue {
        var properties: [String: JSONValue] = [:]
        for group in SettingsGroup.allCases {
            var schema: [String: JSONValue] = ["$ref": .string("#/$defs/group-\(group.rawValue)")]
            if complete {
                schema["required"] = .array(SettingsRegistry.settings(in: group).map { .string($0.name) })
            }
            properties[group.rawValue] = .object(schema)
        }
        let required: [String] = complete ? SettingsGroup.allCases.map(\.rawValue) : []
        return closedObject(properties, required: required)
    }
}

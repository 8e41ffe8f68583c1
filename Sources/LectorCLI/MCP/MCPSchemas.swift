import LectorSettings

/// The JSON Schemas of the tools' answers (`outputSchema`): what a client may check
/// `structuredContent` against. Rows name the fields an agent relies on; others may follow.
enum MCPSchemas {
    static let string: JSONValue = ["type": "string"]
    static let integer: JSONValue = ["type": "integer"]
    static let boolean: JSONValue = ["type": "boolean"]
    static let optionalString: JSONValue = ["type": ["string", "null"]]
    static let anyObject: JSONValue = ["type": "object"]

    static func object(_ properties: [String: JSONValue], required: [String]) -> JSONValue {
        ["type": "object", "properties": .object(properties), "required": .array(required.map(JSONValue.string))]
    }

    /// `{key: [row…]}`.
    static func rows(_ key: String, _ row: JSONValue) -> JSONValue {
        object([key: ["type": "array", "items": row]], required: [key])
    }

    /// `{key: [row…], next_offset: n|null}`.
    static func page(_ key: String, _ row: JSONValue) -> JSONValue {
        object([key: ["type": "array", "items": row],
                "next_offset": ["type": ["integer", "null"], "description": "the offset of the next page; null on the last"]],
               required: [key, "next_offset"])
    }

    static let account = object(["name": string, "kind": string, "url": optionalString, "user": optionalString, "default": boolean,
                                 "feeds": integer, "unread": integer, "starred": integer],
                                required: ["name", "kind", "default", "feeds", "unread", "starred"])

    static let feed = object(["id": integer, "account": string, "title": string, "url": string, "folder": optionalString,
                              "unread": integer, "articles": integer, "paused": boolean],
                             required: ["id", "account", "title", "url", "unread", "articles"])

    static let folder = object(["id": integer, "account": string, "name": string, "feeds": integer, "unread": integer],
                               required: ["id", "account", "name", "feeds", "unread"])

    static let article = object(["id": integer, "account": string, "feed_id": integer, "feed": string, "title": string,
                                 "url": string, "author": string, "published": string,
                                 "read": boolean, "starred": boolean,
                                 "snippet": ["type": "string", "description": "search_articles: the text around the words found"]],
                                required: ["id", "account", "feed", "title", "starred"])

    static let readArticle = object(["id": integer, "account": string, "feed": string, "title": string, "url": string,
                                     "text": string, "truncated": boolean, "full_text": boolean, "words": integer,
                                     "note": ["type": "string", "description": "why the full text could not be had"]],
                                    required: ["id", "title", "text", "truncated", "full_text"])

    static let ruleTest = object(["count": integer, "rule": optionalString, "articles": ["type": "array", "items": article]],
                                 required: ["count", "articles"])

    /// A mark's answer (`article mark`, `article label`, mark-all-read).
    static let change = object(["changed": integer, "articles": ["type": "array", "items": integer],
                                "sent": ["type": ["boolean", "null"], "description": "true: the server has it; false: queued for the next sync; null: no server account"]],
                               required: ["changed"])
}

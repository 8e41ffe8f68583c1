extension Setting {
    /// The JSON Schema fragment for this setting's value, with its description and default.
    public var schemaFragment: JSONValue {
        var schema: [String: JSONValue] = ["description": .string(summary), "default": defaultValue]
        switch type {
        case .bool:
            schema["type"] = "boolean"
        case .integer(let range, _):
            schema["type"] = "integer"
            schema["minimum"] = .int(range.lowerBound)
            schema["maximum"] = .int(range.upperBound)
        case .choice(let allowed):
            schema["enum"] = .array(allowed.map(JSONValue.string))
        case .text(let length):
            schema["type"] = "string"
            schema["minLength"] = .int(length.lowerBound)
            schema["maxLength"] = .int(length.upperBound)
        case .url:
            schema["type"] = "string"
            schema["maxLength"] = .int(2048)
            // Empty, or http(s) with a host and no user:password@ part.
            schema["pattern"] = "^$|^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\s]+([/?#].*)?$"
        case .actions(let catalog):
            schema["type"] = "array"
            schema["items"] = .object(["enum": .array(catalog.known.map(JSONValue.string))])
            schema["uniqueItems"] = true
            schema["maxItems"] = .int(catalog.maxCount)
        case .key:
            schema["type"] = "string"
            // One printable ASCII character, not a space or a digit.
            schema["pattern"] = "^[!-/:-~]$"
        }
        return .object(schema)
    }
}

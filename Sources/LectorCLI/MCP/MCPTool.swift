import LectorSettings

/// One tool `lector mcp` offers: its name, what it does, its parameters (from which both the
/// input schema and the check of every call's arguments are made, so the two cannot drift),
/// the shape of its answer, and the work.
struct MCPTool: Sendable {
    let name: String
    let title: String
    let description: String
    let parameters: [MCPParameter]
    /// The JSON Schema of `structuredContent` (always an object).
    let output: JSONValue
    /// Changes something: listed and callable only with `--allow-write`.
    let writes: Bool
    /// Destructive (mark-all-read, feed remove): asks for `confirm: true`.
    let destructive: Bool
    /// The work; a failure is an `MCPToolError` (any other error is said as one).
    let run: @Sendable (MCPArguments, MCPContext) throws -> JSONValue

    init(_ name: String, title: String, _ description: String, parameters: [MCPParameter] = [], output: JSONValue,
         writes: Bool = false, destructive: Bool = false,
         run: @escaping @Sendable (MCPArguments, MCPContext) throws -> JSONValue) {
        self.name = name
        self.title = title
        self.description = description
        self.parameters = parameters
        self.output = output
        self.writes = writes
        self.destructive = destructive
        self.run = run
    }

    var inputSchema: JSONValue {
        var properties: [String: JSONValue] = [:]
        for parameter in parameters { properties[parameter.name] = parameter.schema }
        let required = parameters.filter(\.required).map { JSONValue.string($0.name) }
        return .object(["type": "object", "properties": .object(properties), "required": .array(required),
                        "additionalProperties": false])
    }

    /// The entry of `tools/list`.
    var listing: JSONValue {
        .object(["name": .string(name), "title": .string(title), "description": .string(description),
                 "inputSchema": inputSchema, "outputSchema": output,
                 "annotations": .object(["title": .string(title), "readOnlyHint": .bool(!writes), "destructiveHint": .bool(destructive),
                                         "idempotentHint": .bool(!writes || !destructive && name != "add_feed" && name != "sync"),
                                         "openWorldHint": .bool(writes || name == "read_article")])])
    }

    /// The arguments checked against the parameters: unknown names, wrong types, values out of
    /// bounds and missing required ones are invalid params (-32602), said in one sentence.
    func arguments(_ given: [String: JSONValue]) throws(JSONRPC.Failure) -> MCPArguments {
        for name in given.keys.sorted() where !parameters.contains(where: { $0.name == name }) {
            let known = parameters.map(\.name).joined(separator: ", ")
            throw JSONRPC.Failure(.invalidParams, "\(self.name) takes no argument '\(MCPBounds.line(name, max: 60))'" + (known.isEmpty ? " (it takes none)" : " (it takes \(known))"))
        }
        for parameter in parameters {
            guard let value = given[parameter.name], value != .null else {
                if parameter.required { throw JSONRPC.Failure(.invalidParams, "\(name) needs the argument '\(parameter.name)'") }
                continue
            }
            try parameter.check(value, tool: name)
        }
        return MCPArguments(values: given.filter { $0.value != .null })
    }
}

/// A tool's parameter: a type with its bounds, and a description for the agent.
struct MCPParameter: Sendable {
    enum Kind: Sendable {
        case string(maxLength: Int, choices: [String]? = nil)
        case integer(ClosedRange<Int>)
        case boolean
        case integers(maxItems: Int, each: ClosedRange<Int>)
    }

    let name: String
    let kind: Kind
    let description: String
    let required: Bool

    init(_ name: String, _ kind: Kind, _ description: String, required: Bool = false) {
        self.name = name
        self.kind = kind
        self.description = description
        self.required = required
    }

    var schema: JSONValue {
        var schema: [String: JSONValue] = ["description": .string(description)]
        switch kind {
        case .string(let maxLength, let choices):
            schema["type"] = "string"
            schema["maxLength"] = .int(maxLength)
            if let choices { schema["enum"] = .array(choices.map(JSONValue.string)) }
        case .integer(let range):
            schema["type"] = "integer"
            schema["minimum"] = .int(range.lowerBound)
            schema["maximum"] = .int(range.upperBound)
        case .boolean:
            schema["type"] = "boolean"
        case .integers(let maxItems, let each):
            schema["type"] = "array"
            schema["minItems"] = 1
            schema["maxItems"] = .int(maxItems)
            schema["items"] = .object(["type": "integer", "minimum": .int(each.lowerBound), "maximum": .int(each.upperBound)])
        }
        return .object(schema)
    }

    func check(_ value: JSONValue, tool: String) throws(JSONRPC.Failure) {
        let said = "\(tool)'s '\(name)'"
        switch (kind, value) {
        case (.string(let maxLength, let choices), .string(let text)):
            guard text.unicodeScalars.count <= maxLength else {
                throw JSONRPC.Failure(.invalidParams, "\(said) is longer than \(maxLength) characters")
            }
            if let choices, !choices.contains(text) {
                throw JSONRPC.Failure(.invalidParams, "\(said) must be one of \(choices.joined(separator: ", ")), not '\(MCPBounds.line(text, max: 40))'")
            }
        case (.integer(let range), .int(let number)):
            guard range.contains(number) else { throw JSONRPC.Failure(.invalidParams, "\(said) must be from \(range.lowerBound) to \(range.upperBound)") }
        case (.boolean, .bool): break
        case (.integers(let maxItems, let each), .array(let items)):
            guard !items.isEmpty, items.count <= maxItems else {
                throw JSONRPC.Failure(.invalidParams, "\(said) must hold from 1 to \(maxItems) numbers")
            }
            for item in items {
                guard case .int(let number) = item, each.contains(number) else {
                    throw JSONRPC.Failure(.invalidParams, "\(said) must hold whole numbers from \(each.lowerBound) to \(each.upperBound)")
                }
            }
        default:
            throw JSONRPC.Failure(.invalidParams, "\(said) must be \(expected)")
        }
    }

    private var expected: String {
        switch kind {
        case .string: "a string"
        case .integer: "an integer"
        case .boolean: "true or false"
        case .integers: "an array of integers"
        }
    }
}

/// A call's checked arguments.
struct MCPArguments {
    let values: [String: JSONValue]

    func string(_ name: String) -> String? { values[name]?.stringValue }

    func int(_ name: String) -> Int? {
        if case .int(let number)? = values[name] { return number }
        return nil
    }

    func flag(_ name: String) -> Bool {
        if case .bool(let on)? = values[name] { return on }
        return false
    }

    func ids(_ name: String) -> [Int64] {
        guard case .array(let items)? = values[name] else { return [] }
        return items.compactMap { if case .int(let number) = $0 { Int64(number) } else { nil } }
    }
}

/// A tool that ran and failed (an unknown feed, an unreachable page, a refused confirmation):
/// answered as a result with `isError`, so the agent reads the sentence and can try again.
struct MCPToolError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    init(_ error: CLIError) {
        message = error.description
    }
}

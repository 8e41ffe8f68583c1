import LectorSettings

/// The protocol revisions `lector mcp` speaks, and how a request says which one it is in.
///
/// Two eras: up to 2025-11-25 a client opens with the `initialize` handshake and the revision is
/// agreed once; from 2026-07-28 there is no handshake, and every request carries its revision and
/// the client's capabilities in `params._meta` (the client may first ask `server/discover` what
/// the server speaks). A client that probes with `server/discover` and gets "method not found"
/// falls back to the handshake, so older servers and clients keep working together.
enum MCPRevision {
    /// Revisions reached through the `initialize` handshake, newest first.
    static let handshake = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
    /// Stateless revisions: no handshake, the revision in every request's `_meta`. Newest first.
    static let stateless = ["2026-07-28"]

    static let versionKey = "io.modelcontextprotocol/protocolVersion"
    static let capabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
    /// On every stateless result: who answered (display only, says the specification).
    static let serverInfoKey = "io.modelcontextprotocol/serverInfo"

    /// The stateless results a client may cache (2026-07-28 makes `ttlMs` and `cacheScope`
    /// required on them), with how long. The tool, prompt and template lists hold for the life of
    /// the process (a restart with other options starts a new one and a new discovery), but a
    /// client may keep a process long, so a minute; what is read from the store changes with every
    /// sync, so it is stale at once. All of it is one person's: private.
    static let cacheLifetimes: [String: Int] = [
        "server/discover": 60_000, "tools/list": 60_000, "prompts/list": 60_000, "resources/templates/list": 60_000,
        "resources/list": 0, "resources/read": 0,
    ]

    /// Whether a request carries the stateless envelope: its `_meta` names a revision. (A bare
    /// `_meta` is no sign: handshake-era requests put a progress token there.)
    static func isEnveloped(_ params: [String: JSONValue]) -> Bool {
        params["_meta"]?.objectValue?[versionKey] != nil
    }

    /// The revision of a stateless request whose envelope is whole and names a revision this
    /// server speaks; otherwise the error the specification gives: invalid params for a missing
    /// or misshapen key, "unsupported protocol version" (with the revisions there are) for another.
    static func statelessRevision(of params: [String: JSONValue]) throws(JSONRPC.Failure) -> String {
        guard let meta = params["_meta"]?.objectValue else {
            throw JSONRPC.Failure(.invalidParams, "params._meta must be an object carrying '\(versionKey)' and '\(capabilitiesKey)'")
        }
        let missing = [versionKey, capabilitiesKey].filter { meta[$0] == nil }
        guard missing.isEmpty else {
            throw JSONRPC.Failure(.invalidParams, "params._meta lacks " + missing.map { "'\($0)'" }.joined(separator: " and "))
        }
        guard case .string(let revision)? = meta[versionKey] else {
            throw JSONRPC.Failure(.invalidParams, "'\(versionKey)' must be a string")
        }
        guard meta[capabilitiesKey]?.objectValue != nil else {
            throw JSONRPC.Failure(.invalidParams, "'\(capabilitiesKey)' must be an object")
        }
        guard stateless.contains(revision) else {
            throw unsupported(revision, "unsupported protocol version '\(MCPBounds.line(revision, max: 40))'")
        }
        return revision
    }

    /// "Unsupported protocol version", naming the stateless revisions a client may retry with.
    static func unsupported(_ requested: String, _ message: String) -> JSONRPC.Failure {
        JSONRPC.Failure(.unsupportedProtocolVersion, message,
                        data: ["supported": .array(stateless.map(JSONValue.string)), "requested": .string(MCPBounds.line(requested, max: 40))])
    }

    /// A result as the stateless revisions want it: `resultType`, the server's identity in
    /// `_meta`, and the caching hints where the method's result is cacheable.
    static func stateless(_ result: JSONValue, method: String, serverInfo: JSONValue) -> JSONValue {
        guard case .object(var members) = result else { return result }
        members["resultType"] = members["resultType"] ?? "complete"
        var meta = members["_meta"]?.objectValue ?? [:]
        meta[serverInfoKey] = serverInfo
        members["_meta"] = .object(meta)
        if let lifetime = cacheLifetimes[method] {
            members["ttlMs"] = .int(lifetime)
            members["cacheScope"] = "private"
        }
        return .object(members)
    }
}

import LectorSettings

/// JSON-RPC 2.0 as the Model Context Protocol uses it: one message a line, the standard error
/// codes, and the three shapes a message may take.
enum JSONRPC {
    /// The standard codes (JSON-RPC 2.0, section 5.1), the only ones Lector answers with.
    enum Code: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        /// MCP's own, up to 2025-11-25: resources/read of a resource that is not there (from
        /// 2026-07-28 that is invalid params).
        case resourceNotFound = -32002
        /// MCP's own, from 2026-07-28: a request's revision is not one this server speaks.
        case unsupportedProtocolVersion = -32022
    }

    /// An error answer: the code, one sentence, and what a client can act on (the revisions
    /// there are, for an unsupported one).
    struct Failure: Error {
        let code: Code
        let message: String
        let data: JSONValue?

        init(_ code: Code, _ message: String, data: JSONValue? = nil) {
            self.code = code
            self.message = message
            self.data = data
        }
    }

    /// One message read from the client.
    enum Incoming {
        /// A request: an answer is owed under `id`.
        case request(id: JSONValue, method: String, params: [String: JSONValue])
        /// A notification: no answer.
        case notification(method: String)
        /// An answer to something we never asked: ignored.
        case response
    }

    /// Reads one parsed message; a failure carries the id to answer under when one was readable.
    static func incoming(_ value: JSONValue) -> Result<Incoming, RequestFailure> {
        guard case .object(let members) = value else {
            // A batch (an array) is no longer part of the protocol (removed in 2025-06-18).
            return .failure(RequestFailure(id: .null, failure: Failure(.invalidRequest, "a message must be one JSON object (batches are not supported)")))
        }
        let id = members["id"]
        if let id, !isValidID(id) {
            return .failure(RequestFailure(id: .null, failure: Failure(.invalidRequest, "the id must be a string or an integer")))
        }
        guard members["jsonrpc"] == .string("2.0") else {
            return .failure(RequestFailure(id: id ?? .null, failure: Failure(.invalidRequest, "\"jsonrpc\" must be \"2.0\"")))
        }
        guard let methodValue = members["method"] else {
            if members["result"] != nil || members["error"] != nil { return .success(.response) }
            return .failure(RequestFailure(id: id ?? .null, failure: Failure(.invalidRequest, "the message has no method")))
        }
        guard case .string(let method) = methodValue else {
            return .failure(RequestFailure(id: id ?? .null, failure: Failure(.invalidRequest, "the method must be a string")))
        }
        var params: [String: JSONValue] = [:]
        switch members["params"] {
        case nil, .null?: break
        case .object(let given)?: params = given
        default:
            return .failure(RequestFailure(id: id ?? .null, failure: Failure(.invalidParams, "params must be an object")))
        }
        guard let id else { return .success(.notification(method: method)) }
        return .success(.request(id: id, method: method, params: params))
    }

    /// A request that cannot be served, with the id to answer under (null when none was readable).
    struct RequestFailure: Error {
        let id: JSONValue
        let failure: Failure
    }

    /// MCP ids are strings or integers (never null, never fractional).
    private static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string, .int: true
        default: false
        }
    }

    static func result(id: JSONValue, _ result: JSONValue) -> JSONValue {
        .object(["jsonrpc": "2.0", "id": id, "result": result])
    }

    static func error(id: JSONValue, _ failure: Failure) -> JSONValue {
        var error: [String: JSONValue] = ["code": .int(failure.code.rawValue), "message": .string(failure.message)]
        if let data = failure.data { error["data"] = data }
        return .object(["jsonrpc": "2.0", "id": id, "error": .object(error)])
    }
}

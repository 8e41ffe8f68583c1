import FoundationEssentials
import Glibc
import LectorSettings
import LectorText

/// `lector mcp`: a Model Context Protocol server on standard input and output (JSON-RPC 2.0,
/// one message a line), over the same session, store and account core as the command line.
///
/// Standard output carries the protocol and nothing else: the descriptor the client reads is
/// taken for the protocol at start, and descriptor 1 then points at standard error, so whatever
/// else a command would print (a note, sync progress) lands among the diagnostics. Requests are
/// served one at a time in the order they come; the server ends at end of input or on SIGTERM,
/// after the request in hand, so no store transaction is cut short.
final class MCPServer {
    /// The era this connection is in, decided by the first request that says: `initialize` or any
    /// request without the stateless envelope opens the handshake era; a request whose envelope
    /// names a stateless revision this server speaks opens the stateless one. A request of the
    /// other era is then refused, as the official SDK's server does. (An envelope naming a revision
    /// this server does not speak decides nothing, so the client may retry or fall back.)
    enum Era { case handshake, stateless }

    private var era: Era?
    private let context: MCPContext
    private let tools: [MCPTool]
    private let output: Int32

    init(session: Session, allowWrite: Bool, output: Int32) {
        context = MCPContext(session: session)
        tools = MCPReadTools.all + (allowWrite ? MCPWriteTools.all : [])
        self.output = output
    }

    /// Takes standard output for the protocol (see the type's comment) and serves until the end.
    static func serve(session: Session, allowWrite: Bool) {
        let protocolOutput = dup(STDOUT_FILENO)
        _ = fcntl(protocolOutput, F_SETFD, FD_CLOEXEC)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        Prompter.asksNothing = true
        MCPServer(session: session, allowWrite: allowWrite, output: protocolOutput).run()
        close(protocolOutput)
    }

    func run() {
        let input = MCPInput(maxLineBytes: MCPBounds.maxRequestBytes)
        diagnose("serving the Model Context Protocol on stdin/stdout (\(tools.count) tools\(tools.contains(where: \.writes) ? ", writing allowed" : ", read-only"))")
        while true {
            switch input.next() {
            case .end:
                diagnose(MCPTermination.isRequested ? "stopped by a signal" : "end of input")
                return
            case .tooLong(let bytes):
                send(JSONRPC.error(id: .null, JSONRPC.Failure(.invalidRequest, "a message of \(bytes) bytes is over the limit of \(MCPBounds.maxRequestBytes)")))
            case .message(let bytes):
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                if let answer = answer(bytes) { send(answer) }
            }
        }
    }

    /// The answer to one line, nil for a notification or a response.
    func answer(_ bytes: [UInt8]) -> JSONValue? {
        // JSON text is UTF-8 (RFC 8259); the parser would let a stray byte through as U+FFFD.
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return JSONRPC.error(id: .null, JSONRPC.Failure(.parseError, "not JSON: the message is not UTF-8"))
        }
        let value: JSONValue
        do { value = try JSONValue(parsing: Data(bytes)) } catch {
            return JSONRPC.error(id: .null, JSONRPC.Failure(.parseError, "not JSON: \(error.description)"))
        }
        switch JSONRPC.incoming(value) {
        case .failure(let failure): return JSONRPC.error(id: failure.id, failure.failure)
        case .success(.response): return nil
        // notifications/initialized, notifications/cancelled (a request is done before the next is read): nothing to do.
        case .success(.notification): return nil
        case .success(.request(let id, let method, let params)):
            do { return JSONRPC.result(id: id, try route(method, params)) } catch {
                return JSONRPC.error(id: id, JSONRPC.Failure(error.code, TerminalSanitizer.inline(error.message), data: error.data))
            }
        }
    }

    /// Serves a request in its era (see `Era`).
    private func route(_ method: String, _ params: [String: JSONValue]) throws(JSONRPC.Failure) -> JSONValue {
        let enveloped = method != "initialize" && MCPRevision.isEnveloped(params)
        switch era {
        case nil where enveloped, .stateless?:
            if method == "initialize" {
                throw MCPRevision.unsupported(params["protocolVersion"]?.stringValue ?? "",
                                              "this connection speaks the stateless revision \(MCPRevision.stateless[0]), which has no initialize handshake")
            }
            _ = try MCPRevision.statelessRevision(of: params)
            era = .stateless
            return MCPRevision.stateless(try dispatch(method, params, era: .stateless), method: method, serverInfo: serverInfo)
        case nil, .handshake?:
            if enveloped {
                throw JSONRPC.Failure(.invalidRequest, "this connection began with the initialize handshake; a request with the \(MCPRevision.stateless[0]) envelope is not served on it")
            }
            era = .handshake
            return try dispatch(method, params, era: .handshake)
        }
    }

    private func dispatch(_ method: String, _ params: [String: JSONValue], era: Era) throws(JSONRPC.Failure) -> JSONValue {
        switch (method, era) {
        case ("initialize", .handshake): return initialize(params)
        // ping left the protocol with the handshake (2026-07-28).
        case ("ping", .handshake): return [:]
        case ("server/discover", .stateless): return discover()
        case ("tools/list", _): return ["tools": .array(tools.map(\.listing))]
        case ("tools/call", _): return try call(params)
        case ("resources/list", _): return try MCPResources.list(context)
        case ("resources/templates/list", _): return MCPResources.templates
        case ("resources/read", _):
            guard let uri = params["uri"]?.stringValue, uri.utf8.count <= 4_096 else {
                throw JSONRPC.Failure(.invalidParams, "resources/read needs a uri (a string of at most 4096 bytes)")
            }
            // The code for a resource that is not there became invalid params in 2026-07-28.
            return try MCPResources.read(uri, context, missing: era == .stateless ? .invalidParams : .resourceNotFound)
        case ("prompts/list", _): return MCPResources.prompts
        case ("prompts/get", _):
            guard let name = params["name"]?.stringValue else { throw JSONRPC.Failure(.invalidParams, "prompts/get needs a name (a string)") }
            let arguments = params["arguments"]?.objectValue ?? [:]
            return try MCPResources.prompt(name, arguments: arguments)
        default:
            throw JSONRPC.Failure(.methodNotFound, "no method '\(MCPBounds.line(method, max: 100))'")
        }
    }

    /// The handshake: the client's revision when this server speaks it, else the newest it does
    /// (a client asking for a stateless revision here gets the newest handshake one: the stateless
    /// ones have no handshake, and are reached through `server/discover`).
    private func initialize(_ params: [String: JSONValue]) -> JSONValue {
        let asked = params["protocolVersion"]?.stringValue ?? ""
        let version = MCPRevision.handshake.contains(asked) ? asked : MCPRevision.handshake[0]
        return ["protocolVersion": .string(version), "capabilities": capabilities, "serverInfo": serverInfo, "instructions": instructions]
    }

    /// What a stateless client asks first: the revisions, capabilities and guidance (2026-07-28).
    private func discover() -> JSONValue {
        ["supportedVersions": .array(MCPRevision.stateless.map(JSONValue.string)), "capabilities": capabilities, "instructions": instructions]
    }

    private let capabilities: JSONValue = [
        "tools": ["listChanged": false], "resources": ["subscribe": false, "listChanged": false], "prompts": ["listChanged": false],
    ]

    private var serverInfo: JSONValue { ["name": "lector", "title": "Lector", "version": .string(LectorVersion.current)] }

    private var instructions: JSONValue {
        let writes = tools.contains(where: \.writes)
        return .string("Lector holds the user's RSS reader accounts (FreshRSS, Miniflux, Fever, Feedbin, local) in one local store: list_accounts, list_feeds and list_folders show what is there; list_articles lists with filters, search_articles searches every article's text, read_article reads one. "
            + (writes ? "Changes (mark_articles, label_articles, mark_all_read, add_feed, remove_feed, sync) are saved at once and reach the servers right after or at the next sync; mark_all_read and remove_feed change nothing without confirm: true."
                      : "This server is read-only (started without --allow-write and without the setting mcp.allow-write, or with --read-only)."))
    }

    private func call(_ params: [String: JSONValue]) throws(JSONRPC.Failure) -> JSONValue {
        guard let name = params["name"]?.stringValue else { throw JSONRPC.Failure(.invalidParams, "tools/call needs the tool's name (a string)") }
        guard let tool = tools.first(where: { $0.name == name }) else {
            let writeOnly = MCPWriteTools.all.contains { $0.name == name }
            throw JSONRPC.Failure(.invalidParams, "no tool '\(MCPBounds.line(name, max: 100))'"
                                  + (writeOnly ? ": it changes things, and this server is read-only (start it with --allow-write, or set mcp.allow-write)" : ""))
        }
        let given: [String: JSONValue]
        switch params["arguments"] {
        case nil, .null?: given = [:]
        case .object(let members)?: given = members
        default: throw JSONRPC.Failure(.invalidParams, "a tool's arguments must be an object")
        }
        let arguments = try tool.arguments(given)
        do {
            let structured = MCPBounds.safe(try tool.run(arguments, context))
            return ["content": [["type": "text", "text": .string(structured.canonicalText())]], "structuredContent": structured, "isError": false]
        } catch {
            let message = (error as? MCPToolError)?.message ?? CLIError.from(error).description
            return ["content": [["type": "text", "text": .string(MCPBounds.cut(MCPBounds.clean(message), max: MCPBounds.maxString))]], "isError": true]
        }
    }

    /// One message a line on the protocol's descriptor.
    private func send(_ message: JSONValue) {
        var bytes = Array((message.canonicalText() + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    private func diagnose(_ line: String) {
        Console.error("mcp: " + line)
    }
}

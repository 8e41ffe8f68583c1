import FoundationEssentials
import LectorSettings

/// What a tool works with: the server's one session (its store, its account core) and the way
/// to run a command of the command table as the command line would, so that a tool and its
/// command share their verb, their filters and their refusals.
struct MCPContext {
    let session: Session

    /// Runs the command at `path` with these positional words and options (a flag's value is
    /// nil) and returns its JSON document, as `--json` would print it. Nothing it would print
    /// reaches the client, and it asks no question (`Prompter` is off in `lector mcp`).
    func command(_ path: [String], arguments: [String] = [], options: [String: String?] = [:]) throws(MCPToolError) -> JSONValue {
        guard let spec = session.table.command(path) else { throw MCPToolError("no command '\(path.joined(separator: " "))'") }
        var given: [String: [String]] = ["json": [""]]
        for (name, value) in options {
            guard spec.option(named: name) != nil else { throw MCPToolError("'\(spec.name)' has no option --\(name)") }
            given[name] = [value ?? ""]
        }
        let invocation = Invocation(spec: spec, arguments: arguments, options: given)
        let output: CommandOutput
        do {
            defer { session.settleProvisionalAccount() }
            output = try spec.run(invocation, session)
        } catch {
            throw MCPToolError(CLIError.from(error))
        }
        // What a command leaves for after its output is shown (marking an article read) is for a
        // terminal's reader; an agent marks with mark_articles.
        session.afterShown.removeAll()
        let document = try Self.value(of: output.json)
        guard output.status == .ok else {
            throw MCPToolError((output.failureLine ?? output.status.meaning) + " (\(MCPBounds.cut(document.canonicalText(), max: 1_000)))")
        }
        return document
    }

    /// An invocation of `path` with these options, for tools that use a command's own parsing
    /// of its options (article list's filters) but not its output.
    func invocation(_ path: [String], arguments: [String] = [], options: [String: String?]) throws(MCPToolError) -> Invocation {
        guard let spec = session.table.command(path) else { throw MCPToolError("no command '\(path.joined(separator: " "))'") }
        return Invocation(spec: spec, arguments: arguments, options: options.mapValues { [$0 ?? ""] })
    }

    /// A command's JSON output as a value.
    static func value(of json: any Encodable & Sendable) throws(MCPToolError) -> JSONValue {
        do {
            let text = try JSONTextEncoder.encode(json, pretty: false)
            return try JSONValue(parsing: Data(text.utf8))
        } catch {
            throw MCPToolError("the answer could not be written as JSON")
        }
    }

    /// Runs `body`, turning a command-line or store error into the tool's error sentence.
    func catching<T>(_ body: () throws -> T) throws(MCPToolError) -> T {
        do { return try body() } catch let error as MCPToolError { throw error } catch { throw MCPToolError(CLIError.from(error)) }
    }
}

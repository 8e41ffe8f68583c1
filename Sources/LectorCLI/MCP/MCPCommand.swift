/// `lector mcp`: the command that starts the Model Context Protocol server (docs/mcp.md).
enum MCPCommand {
    static let mcp = CommandSpec(
        ["mcp"], "serve your accounts to an AI agent: a Model Context Protocol server on stdin/stdout",
        discussion: "For an MCP client (Claude Desktop, an IDE, an agent): the client starts 'lector mcp' and speaks JSON-RPC 2.0 with it over stdin and stdout, one message a line; stdout carries nothing else, notes go to stderr. Its tools read every account offline: accounts, feeds and folders with counts, articles with the filters of 'article list' (--where, saved searches) a page at a time, full-text search of the local index, an article's text, rules, labels, saved searches and 'rule test'. With --allow-write (or the setting mcp.allow-write) it also offers marking read, unread, starred, labels, mark-all-read, adding and removing feeds and sync, each through the same core as the commands (saved here at once, sent to the server or queued); mark-all-read and feed removal change nothing without the tool's confirm argument. Answers are capped in size and every text from feeds and servers is sanitised; no secret is ever in one. It ends at the end of its input or on SIGTERM. 'lector help agents' lists the tools and shows a client configuration.",
        options: [OptionSpec("allow-write", "also offer the tools that change things (marks, labels, feeds, sync)"),
                  OptionSpec("read-only", "offer only the tools that read, whatever the setting mcp.allow-write says")]
    ) { invocation, session in
        guard !session.inREPL, session.scriptLine == nil else {
            throw CLIError.usage("'mcp' serves the protocol on its own stdin: start 'lector mcp' from the shell or from an MCP client")
        }
        MCPServer.serve(session: session, allowWrite: try writesAllowed(invocation, session))
        return CommandOutput(text: "", json: CommandOutput.MessageJSON(ok: true, message: "the MCP server ended"))
    }

    /// The write tools are offered with --allow-write, or with the setting mcp.allow-write unless
    /// --read-only says not this run.
    static func writesAllowed(_ invocation: Invocation, _ session: Session) throws(CLIError) -> Bool {
        let allow = invocation.flag("allow-write"), readOnly = invocation.flag("read-only")
        if allow && readOnly { throw CLIError.usage("'mcp' takes --allow-write or --read-only, not both") }
        if allow || readOnly { return allow }
        return try session.preferences().mcpAllowWrite
    }
}

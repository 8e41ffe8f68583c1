import LectorAccounts
import LectorBasics
import LectorSettings
import LectorStore

/// The tools that change something: offered only with `lector mcp --allow-write`. Marks call the
/// core's mark verb as `article mark` does; the others run the command of the same job, so they
/// go through the same account-core verb: written to the store at once, queued as an intent, and sent to the
/// server right after (3-second deadline) or at the next sync when the server cannot be reached.
enum MCPWriteTools {
    static let all: [MCPTool] = [markArticles, labelArticles, markAllRead, addFeed, removeFeed, sync]

    static let ids = MCPParameter("ids", .integers(maxItems: 500, each: 1...Int.max), "the articles' ids (from list_articles or search_articles)", required: true)
    static let confirm = MCPParameter("confirm", .boolean, "true to do it; otherwise the answer says what it would change and nothing changes", required: true)

    static let markArticles = MCPTool(
        "mark_articles", title: "Mark articles",
        "Mark articles read or unread, star or unstar them. Saved at once and sent to each account's server (sent: false when it could not be reached: the change is queued for the next sync).",
        parameters: [MCPParameter("action", .string(maxLength: 10, choices: ["read", "unread", "star", "unstar"]), "what to do", required: true), ids],
        output: MCPSchemas.change, writes: true
    ) { arguments, context in
        // The one mark verb of the core (as `article mark` calls it): saved, queued, flushed.
        let action = arguments.string("action") ?? ""
        guard let mark = ArticleMark(rawValue: action) else { throw MCPToolError("no action '\(action)'") }
        let ids = arguments.ids("ids")
        let outcome = try context.catching { try context.session.accounts { (manager) throws(AccountsError) in try manager.mark(ids, as: mark) } }
        return try MCPContext.value(of: ArticleCommands.MarkJSON(action: action, articles: ids, changed: outcome.changed, sent: outcome.sent))
    }

    static let labelArticles = MCPTool(
        "label_articles", title: "Label articles",
        "Put a label on articles or take it off. On a FreshRSS account it reaches the server (or the next sync); other kinds keep labels here only.",
        parameters: [MCPParameter("action", .string(maxLength: 10, choices: ["add", "remove"]), "put the label on, or take it off", required: true),
                     MCPParameter("label", .string(maxLength: 200), "the label's name", required: true), ids],
        output: MCPSchemas.change, writes: true
    ) { arguments, context in
        try context.command(["article", "label"], arguments: [arguments.string("action") ?? "", arguments.string("label") ?? ""] + references(arguments))
    }

    static let markAllRead = MCPTool(
        "mark_all_read", title: "Mark all read",
        "Mark every unread article of a feed, a folder, an account (or of every account) read, on the server too. Without confirm: true it only says what it would mark.",
        parameters: [MCPReadTools.account, MCPParameter("feed", MCPReadTools.name, "only this feed"),
                     MCPParameter("folder", MCPReadTools.name, "only feeds in this folder"), confirm],
        output: MCPSchemas.object(["changed": MCPSchemas.integer, "confirmed": MCPSchemas.boolean, "message": MCPSchemas.string,
                                   "sent": ["type": ["boolean", "null"]]], required: ["confirmed"]),
        writes: true, destructive: true
    ) { arguments, context in
        var options = MCPReadTools.options(arguments, ["account", "feed", "folder"])
        return try confirmed(arguments) { () throws(MCPToolError) -> JSONValue in
            if arguments.flag("confirm") { options["yes"] = .some(nil) }
            return try context.command(["article", "mark-all-read"], options: options)
        }
    }

    static let addFeed = MCPTool(
        "add_feed", title: "Add a feed",
        "Subscribe to a feed by its URL or a site's URL (the site's page is searched for feeds; with several, the answer lists them: call again with pick). On a server account the account syncs right after.",
        parameters: [MCPParameter("url", .string(maxLength: 2_000), "the feed's or the site's address", required: true), MCPReadTools.account,
                     MCPParameter("folder", MCPReadTools.name, "file it in this folder (created when missing)"),
                     MCPParameter("title", MCPReadTools.name, "call it this instead of the feed's own title"),
                     MCPParameter("pick", .integer(1...100), "with several feeds found, take this one")],
        output: MCPSchemas.feed, writes: true
    ) { arguments, context in
        var options = MCPReadTools.options(arguments, ["account", "folder", "title"])
        if let pick = arguments.int("pick") { options["pick"] = String(pick) }
        return try context.command(["feed", "add"], arguments: [arguments.string("url") ?? ""], options: options)
    }

    static let removeFeed = MCPTool(
        "remove_feed", title: "Remove a feed",
        "Unsubscribe from a feed (on its server too); its articles go. Without confirm: true it only says what it would remove.",
        parameters: [MCPParameter("feed", MCPReadTools.name, "the feed's title or URL", required: true), MCPReadTools.account, confirm],
        output: MCPSchemas.object(["confirmed": MCPSchemas.boolean, "message": MCPSchemas.string], required: ["confirmed"]),
        writes: true, destructive: true
    ) { arguments, context in
        var options = MCPReadTools.options(arguments, ["account"])
        return try confirmed(arguments) { () throws(MCPToolError) -> JSONValue in
            if arguments.flag("confirm") { options["yes"] = .some(nil) }
            return try context.command(["feed", "remove"], arguments: [arguments.string("feed") ?? ""], options: options)
        }
    }

    static let sync = MCPTool(
        "sync", title: "Sync",
        "Sync accounts: send the changes queued here, then fetch what is new. Reports each account's outcome and failures.",
        parameters: [MCPReadTools.account, MCPParameter("push_only", .boolean, "only send queued changes")],
        output: MCPSchemas.object(["outcome": MCPSchemas.string, "results": ["type": "array", "items": MCPSchemas.anyObject]], required: ["outcome"]),
        writes: true
    ) { arguments, context in
        var options = MCPReadTools.options(arguments, ["account"])
        if arguments.flag("push_only") { options["push-only"] = .some(nil) }
        return try context.command(["sync"], options: options)
    }

    /// Article ids as the commands take them: `id:N`.
    static func references(_ arguments: MCPArguments) -> [String] {
        arguments.ids("ids").map { "id:\($0)" }
    }

    /// A destructive command: without confirmation the command refuses, naming what it would
    /// change (it never asks in `lector mcp`); that sentence is the answer, and nothing changed.
    static func confirmed(_ arguments: MCPArguments, _ body: () throws(MCPToolError) -> JSONValue) throws(MCPToolError) -> JSONValue {
        do {
            let answer = try body()
            guard case .object = answer else { return ["confirmed": .bool(arguments.flag("confirm")), "result": answer] }
            return answer.merging(["confirmed": .bool(arguments.flag("confirm"))])
        } catch where !arguments.flag("confirm") && error.message.hasPrefix("this ") {
            let sentence = error.message.replacingAll(": pass --yes to confirm when not at a terminal", with: "")
            return ["confirmed": false, "message": .string("Nothing changed: \(sentence); call again with confirm: true to do it.")]
        }
    }
}

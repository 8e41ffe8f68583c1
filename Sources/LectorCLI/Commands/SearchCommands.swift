import LectorAccounts
import LectorBasics
import LectorStore

/// `search …`: filters kept under a name, listed with `article list --saved NAME`.
enum SearchCommands {
    static let all: [CommandSpec] = [save, list, remove]

    static let save = CommandSpec(
        ["search", "save"], "keep a filter under a name, for 'article list --saved NAME'",
        discussion: "The filter is the language of 'lector help rules'; saving under a name taken already replaces that search's filter. With --label, after each sync of a FreshRSS account the articles it matches there carry a label of its name on the server (and those that no longer match lose it), so the account's other clients see the search.",
        arguments: [ArgumentSpec("NAME", "a name of your choice"), ArgumentSpec("EXPR", "the filter", source: .filter)],
        options: [OptionSpec("label", "keep a label of this name on what it matches, on FreshRSS servers")]
    ) { invocation, session in
        let name = invocation.argument("NAME") ?? ""
        guard !name.trimmingWhitespace.isEmpty else { throw CLIError.usage("the search's name is empty") }
        let expression = invocation.argument("EXPR") ?? ""
        _ = try FilterText.parse(expression)
        let search = SavedSearch(name: name, expression: expression, label: invocation.flag("label"))
        let replaced = try session.accounts { (manager) throws(AccountsError) in try manager.saveSearch(search) }
        let labelled = invocation.flag("label") ? " (kept as a label on FreshRSS servers after each sync)" : ""
        return CommandOutput(text: "\(replaced ? "Replaced" : "Saved") search '\(name)': \(TerminalText.sanitize(expression))\(labelled).",
                             json: SearchJSON(name: name, filter: expression, label: invocation.flag("label")))
    }

    static let list = CommandSpec(["search", "list"], "list saved searches") { _, session in
        let searches = try CLIError.catching { try session.store().savedSearches.all() }
        let rows = searches.map { [$0.name, PlainColumns.yesNo($0.label), $0.expression] }
        var table = TextTable(["SEARCH", "LABEL", "FILTER"], flexibleColumn: 2)
        for row in rows { table.add(row) }
        let text = session.tablesArePlain ? PlainColumns.searchList.render(rows)
            : searches.isEmpty ? "No saved searches. Save one with: lector search save NAME 'EXPR'" : table.render(for: session)
        return CommandOutput(text: text, json: searches.map { SearchJSON(name: $0.name, filter: $0.expression, label: $0.label) })
    }

    static let remove = CommandSpec(["search", "remove"], "forget a saved search",
                                    arguments: [ArgumentSpec("NAME", "the saved search", source: .savedSearches)]) { invocation, session in
        let search = try named(invocation.argument("NAME") ?? "", session)
        try session.accounts { (manager) throws(AccountsError) in try manager.removeSearch(named: search.name) }
        return .message("Removed saved search '\(search.name)'.")
    }

    /// The saved search of that name, or a not-found error with the nearest name.
    static func named(_ typed: String, _ session: Session) throws(CLIError) -> SavedSearch {
        let store = try session.store()
        if let search = try CLIError.catching({ try store.savedSearches.named(typed) }) { return search }
        let names = try CLIError.catching { try store.savedSearches.all().map(\.name) }
        throw CLIError.notFound("no saved search named '\(typed)'" + Suggestion.hint(for: typed, in: names))
    }

    struct SearchJSON: Encodable, Sendable {
        let name: String
        let filter: String
        /// Whether it is kept as a label on FreshRSS servers.
        let label: Bool
    }
}

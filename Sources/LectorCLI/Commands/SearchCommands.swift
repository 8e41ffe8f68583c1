import LectorStore

/// `search …`: filters kept under a name, listed with `article list --saved NAME`.
enum SearchCommands {
    static let all: [CommandSpec] = [save, list, remove]

    static let save = CommandSpec(
        ["search", "save"], "keep a filter under a name, for 'article list --saved NAME'",
        discussion: "The filter is the language of docs/rules.md; saving under a name taken already replaces that search's filter.",
        arguments: [ArgumentSpec("NAME", "a name of your choice"), ArgumentSpec("EXPR", "the filter", source: .filter)]
    ) { invocation, session in
        let name = invocation.argument("NAME") ?? ""
        guard !name.trimmingWhitespace.isEmpty else { throw CLIError.usage("the search's name is empty") }
        let expression = invocation.argument("EXPR") ?? ""
        _ = try FilterText.parse(expression)
        let replaced = try CLIError.catching { try session.store().savedSearches.save(SavedSearch(name: name, expression: expression)) }
        return CommandOutput(text: "\(replaced ? "Replaced" : "Saved") search '\(name)': \(TerminalText.sanitize(expression)).",
                             json: SearchJSON(name: name, filter: expression))
    }

    static let list = CommandSpec(["search", "list"], "list saved searches") { _, session in
        let searches = try CLIError.catching { try session.store().savedSearches.all() }
        var table = TextTable(["SEARCH", "FILTER"], flexibleColumn: 1)
        for search in searches { table.add([search.name, search.expression]) }
        let text = searches.isEmpty ? "No saved searches. Save one with: lector search save NAME 'EXPR'" : table.render(for: session)
        return CommandOutput(text: text, json: searches.map { SearchJSON(name: $0.name, filter: $0.expression) })
    }

    static let remove = CommandSpec(["search", "remove"], "forget a saved search",
                                    arguments: [ArgumentSpec("NAME", "the saved search", source: .savedSearches)]) { invocation, session in
        let search = try named(invocation.argument("NAME") ?? "", session)
        try CLIError.catching { try session.store().savedSearches.remove(search.name) }
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
    }
}

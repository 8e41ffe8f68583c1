import LectorAccounts

/// `account edit`: an account's name, server address or user changed in place — a server moved
/// to a new host keeps its account, its articles and their state, and its secret.
enum AccountEditCommand {
    static let edit = CommandSpec(
        ["account", "edit"], "change an account's name, server address or user, keeping its data and its secret",
        discussion: """
        A new --url or --user is checked with the server first, with the secret the keyring holds; \
        only then is the account changed and its secret moved to the new address in the keyring. \
        A plain-http address on another machine needs --allow-insecure, as for 'account add'.
        """,
        arguments: [ArgumentSpec("NAME", "the account", source: .accounts)],
        options: [
            OptionSpec("name", short: "n", value: "NEW", "a new name for the account"),
            OptionSpec("url", value: "URL", "the server's new address"),
            OptionSpec("user", short: "u", value: "USER", "the user name or e-mail to log in as from now on"),
            AccountCommands.allowInsecure,
        ]
    ) { invocation, session in
        let account = try session.account(named: invocation.argument("NAME"))
        let newName = invocation.value("name"), newURL = invocation.value("url"), newUser = invocation.value("user")
        guard newName != nil || newURL != nil || newUser != nil else {
            throw CLIError.usage("nothing to change: give --name, --url or --user")
        }
        let edit = try session.accounts { (manager) throws(AccountsError) in
            try manager.planEdit(account, name: newName, url: newURL, user: newUser, plainHTTPConsented: invocation.flag("allow-insecure"))
        }
        for note in edit.login?.endpoint.notes ?? [] where !invocation.wantsJSON { Console.note(note) }
        let outcome = try session.accounts { (manager) throws(AccountsError) in try manager.applyEdit(edit) }
        var lines: [String] = []
        if let moved = outcome.movedLogin {
            lines.append("'\(account.name)' now logs in to \(moved.url.absoluteString)\(edit.login?.user.map { " as \($0)" } ?? "") (\(moved.info.name)).")
        }
        if outcome.renamed, let newName { lines.append("Renamed '\(account.name)' to '\(newName)'.") }
        return .message(lines.isEmpty ? "'\(account.name)' unchanged." : lines.joined(separator: "\n"))
    }
}

import LectorAccounts
import LectorStore

/// `article label …` and `label …`: labels on articles (FreshRSS's user labels, kept in the store
/// for every other kind). Each command asks `AccountManager` for one operation and renders it.
enum LabelCommands {
    static let all: [CommandSpec] = [article, list, rename, remove]

    static let labelArgument = ArgumentSpec("LABEL", "the label's name", source: .labels)
    static let accountOption = OptionSpec("account", short: "a", value: "NAME", "only this account's labels", source: .accounts)

    static let article = CommandSpec(
        ["article", "label"], "put a label on articles or take it off",
        discussion: "ARTICLE is a number from the last 'article list', a range or list of them (1-20, 1,3,5), or id:N. The change is saved at once; for a FreshRSS or Tiny Tiny RSS account it is sent to the server right after, with a 3-second deadline, or at the next sync (it stays queued, and a sync never undoes it before). Miniflux, Fever and Feedbin keep no labels a client can set: there, as in a local account, labels are kept here only.",
        arguments: [
            ArgumentSpec("ACTION", "what to do", source: .choices([Choice("add", "put the label on"), Choice("remove", "take the label off")])),
            labelArgument,
            ArgumentSpec("ARTICLE", "articles to change", source: .articles, variadic: true),
        ]
    ) { invocation, session in
        let ids = try session.handles.resolveAll(invocation.variadic("ARTICLE"))
        let label = invocation.argument("LABEL") ?? ""
        let on = invocation.argument("ACTION") == "add"
        let change = try session.accounts { (manager) throws(AccountsError) in try manager.setLabel(label, on: on, articleIDs: ids) }
        let done = on ? "labelled '\(TerminalText.sanitize(label))'" : "no longer labelled '\(TerminalText.sanitize(label))'"
        return CommandOutput(text: "\(change.changed) of \(ids.count) article(s) \(done)\(MarkFlush.ending(change.sent))",
                             json: LabelChangeJSON(label: label, action: on ? "add" : "remove", articles: ids, changed: change.changed,
                                                   sent: change.sent))
    }

    static let list = CommandSpec(["label", "list"], "list labels with how many articles carry each, per account",
                                  options: [accountOption]) { invocation, session in
        let labels = try session.accounts { (manager) throws(AccountsError) in try manager.labels(accountName: invocation.value("account")) }
        let names = try session.accountNames()
        let rows = labels.map { [names[$0.accountID] ?? "", $0.name, String($0.articles), String($0.unread)] }
        var table = TextTable(["ACCOUNT", "LABEL", "ARTICLES", "UNREAD"], flexibleColumn: 1)
        for row in rows { table.add(row) }
        let text = session.tablesArePlain ? PlainColumns.labelList.render(rows)
            : labels.isEmpty ? "No labels. Put one on articles with: lector article label add LABEL ARTICLE…" : table.render(for: session)
        return CommandOutput(text: text, json: labels.map {
            LabelJSON(account: names[$0.accountID] ?? "", label: $0.name, articles: $0.articles, unread: $0.unread)
        })
    }

    static let rename = CommandSpec(
        ["label", "rename"], "rename a label (on a FreshRSS or TT-RSS server first)",
        discussion: "Renames the label in every account that has it, or in --account's only. A FreshRSS account's server is asked first (rename-tag), a TT-RSS one through its web backend: offline, nothing changes.",
        arguments: [ArgumentSpec("OLD", "the label's name", source: .labels), ArgumentSpec("NEW", "its new name")],
        options: [accountOption]
    ) { invocation, session in
        let (old, new) = (invocation.argument("OLD") ?? "", invocation.argument("NEW") ?? "")
        let accounts = try session.accounts { (manager) throws(AccountsError) in
            try manager.renameLabel(old, to: new, accountName: invocation.value("account"))
        }
        return CommandOutput(text: "Renamed label '\(TerminalText.sanitize(old))' to '\(TerminalText.sanitize(new))' in \(accountList(accounts)).",
                             json: LabelAdministrationJSON(label: old, renamed_to: new, accounts: accounts.map(\.name)))
    }

    static let remove = CommandSpec(
        ["label", "remove"], "remove a label from every article (on a FreshRSS or TT-RSS server first)",
        discussion: "Removes the label in every account that has it, or in --account's only; the articles stay. A FreshRSS account's server is asked first (disable-tag), a TT-RSS one through its web backend: offline, nothing changes.",
        arguments: [labelArgument], options: [accountOption]
    ) { invocation, session in
        let label = invocation.argument("LABEL") ?? ""
        let accounts = try session.accounts { (manager) throws(AccountsError) in
            try manager.removeLabel(label, accountName: invocation.value("account"))
        }
        return CommandOutput(text: "Removed label '\(TerminalText.sanitize(label))' from \(accountList(accounts)).",
                             json: LabelAdministrationJSON(label: label, renamed_to: nil, accounts: accounts.map(\.name)))
    }

    private static func accountList(_ accounts: [Account]) -> String {
        accounts.map { "'\(TerminalText.sanitize($0.name))'" }.joined(separator: ", ")
    }

    struct LabelChangeJSON: Encodable, Sendable {
        let label: String
        let action: String
        let articles: [Int64]
        let changed: Int
        let sent: Bool?
    }

    struct LabelJSON: Encodable, Sendable {
        let account: String
        let label: String
        let articles: Int
        let unread: Int
    }

    struct LabelAdministrationJSON: Encodable, Sendable {
        let label: String
        let renamed_to: String?
        let accounts: [String]
    }
}

extension OptionSpec {
    static let label = OptionSpec("label", value: "LABEL", "only articles carrying this label", source: .labels)
}

import LectorSettings

/// `dock …` and `swipe …`: the ordered action lists of the reader dock and the swipe edges.
enum ActionListCommands {
    static let all: [CommandSpec] = [dockList, dockAdd, dockRemove, dockMove, dockReset, swipeList, swipeSet, swipeReset]

    static let dockKey = "dock.actions"
    static let edges = [Choice("leading", "the leading edge (swipe right)"), Choice("trailing", "the trailing edge (swipe left)")]

    static let dockList = CommandSpec(["dock", "list"], "the reader dock's actions, in order") { _, session in
        try listOutput([dockKey], session: session)
    }

    static let dockAdd = CommandSpec(
        ["dock", "add"], "add an action to the dock",
        arguments: [ArgumentSpec("ACTION", "the action", source: .actions(dockKey))],
        options: [OptionSpec("at", value: "N", "insert at position N (from 1) instead of the end")]
    ) { invocation, session in
        let position = try invocation.intValue("at", range: 1...100)
        try refuseIf(dockKey, session, holds: true, invocation.argument("ACTION") ?? "")
        return try edit(dockKey, session) { list throws(SettingsError) in try list.add(invocation.argument("ACTION") ?? "", at: position) }
    }

    static let dockRemove = CommandSpec(
        ["dock", "remove"], "take an action out of the dock",
        arguments: [ArgumentSpec("ACTION", "the action", source: .actions(dockKey))]
    ) { invocation, session in
        try refuseIf(dockKey, session, holds: false, invocation.argument("ACTION") ?? "")
        return try edit(dockKey, session) { list throws(SettingsError) in try list.remove(invocation.argument("ACTION") ?? "") }
    }

    static let dockMove = CommandSpec(
        ["dock", "move"], "move a dock action to position N (from 1)",
        arguments: [ArgumentSpec("ACTION", "the action", source: .actions(dockKey)), ArgumentSpec("N", "the new position")]
    ) { invocation, session in
        guard let position = Int(invocation.argument("N") ?? ""), position >= 1 else {
            throw CLIError.usage("N must be a position counted from 1, not '\(invocation.argument("N") ?? "")'")
        }
        return try edit(dockKey, session) { list throws(SettingsError) in try list.move(invocation.argument("ACTION") ?? "", to: position) }
    }

    static let dockReset = CommandSpec(["dock", "reset"], "put the dock back to its default actions") { _, session in
        try edit(dockKey, session) { list throws(SettingsError) in list.reset() }
    }

    static let swipeList = CommandSpec(["swipe", "list"], "the leading and trailing swipe actions") { _, session in
        try listOutput(["swipe.leading", "swipe.trailing"], session: session)
    }

    static let swipeSet = CommandSpec(
        ["swipe", "set"], "replace one edge's actions (the first is the full-swipe action)",
        arguments: [
            ArgumentSpec("EDGE", "which edge", source: .choices(edges)),
            ArgumentSpec("ACTION", "actions in order ('none' for no action)", source: .actions("swipe.leading"), variadic: true),
        ]
    ) { invocation, session in
        let key = "swipe." + (invocation.argument("EDGE") ?? "leading")
        let names = invocation.variadic("ACTION")
        return try edit(key, session) { list throws(SettingsError) in try list.replace(with: names == ["none"] ? [] : names) }
    }

    static let swipeReset = CommandSpec(
        ["swipe", "reset"], "put the swipe actions back to their defaults",
        arguments: [ArgumentSpec("EDGE", "only this edge", source: .choices(edges), optional: true)]
    ) { invocation, session in
        let keys = invocation.argument("EDGE").map { ["swipe." + $0] } ?? ["swipe.leading", "swipe.trailing"]
        let editor = try session.settingsEditor()
        let changes = try CLIError.catching { try keys.map { try editor.reset($0) } }
        return SettingsCommands.changeOutput(changes, none: "Swipe actions are already the defaults.")
    }

    /// The exit-code table: adding an action already in the list is a conflict (4), removing one
    /// that is not there is not found (3). Unknown action names stay usage errors (2), from the list.
    private static func refuseIf(_ key: String, _ session: Session, holds: Bool, _ name: String) throws(CLIError) {
        let current = ((try session.preferences())[key]?.arrayValue ?? []).compactMap(\.stringValue)
        var action: String?
        if case .actions(let catalog)? = SettingsRegistry.setting(key)?.type { action = catalog.action(named: name) }
        if holds, let action, let index = current.firstIndex(of: action) {
            throw .conflict("'\(name)' is already in \(key) at position \(index + 1): use 'move' to reorder it")
        }
        if !holds, let action, !current.contains(action) {
            throw .notFound("'\(name)' is not in \(key) (\(current.isEmpty ? "it is empty" : current.joined(separator: ", ")))")
        }
    }

    private static func edit(_ key: String, _ session: Session,
                             _ operation: (inout ActionList) throws(SettingsError) -> Void) throws(CLIError) -> CommandOutput {
        let editor = try session.settingsEditor()
        let change = try CLIError.catching { try editor.editList(key, operation) }
        return SettingsCommands.changeOutput([change], none: "\(key) unchanged: \(change.new.displayText)")
    }

    private static func listOutput(_ keys: [String], session: Session) throws(CLIError) -> CommandOutput {
        let preferences = try session.preferences()
        var lines: [String] = []
        var plainRows: [[String]] = []
        var json: [JSONValue] = []
        for key in keys {
            let value = preferences[key] ?? SettingsRegistry.setting(key)?.defaultValue ?? .array([])
            let names = value.arrayValue?.compactMap(\.stringValue) ?? []
            let edge = String(key.dropFirst("swipe.".count))
            // A list is an array of objects: one per action, with its list and position.
            for (index, name) in names.enumerated() {
                json.append(.object(["list": .string(key), "position": .int(index + 1), "action": .string(name)]))
                plainRows.append((keys.count > 1 ? [edge] : []) + [String(index + 1), name])
            }
            if keys.count > 1 { lines.append("\(edge):") }
            lines += names.isEmpty ? ["  (none)"] : names.enumerated().map { "  \($0 + 1). \($1)" }
        }
        if session.tablesArePlain {
            let columns = keys.count > 1 ? PlainColumns.swipeList : PlainColumns.dockList
            return CommandOutput(text: columns.render(plainRows), json: JSONValue.array(json))
        }
        return CommandOutput(text: lines.joined(separator: "\n"), json: JSONValue.array(json))
    }
}

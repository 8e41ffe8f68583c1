import LectorBasics
/// Renders docs/settings.md from the registry, so the reference cannot drift from the code.
public enum SettingsReference {
    /// The whole Markdown document.
    public static var markdown: String {
        var lines = [
            "# Settings reference",
            "",
            "<!-- Generated from Sources/LectorSettings/Registry/Declarations.swift. Do not edit by hand:",
            "     run `UPDATE_DOCS=1 swift test` to regenerate. -->",
            "",
            "Every setting has a key `group.name`, a type, a default and the values it accepts.",
            "`lector settings set KEY VALUE` refuses anything else with one line naming what is allowed",
            "and the nearest valid value; `lector settings reset KEY` returns a key to its default.",
            "",
            "How values are typed on the command line:",
            "",
            "- **bool**: `true`/`false` (also `on`/`off`, `yes`/`no`, `1`/`0`).",
            "- **int**: a whole number inside the range; the unit is implied (`sync.interval 60` is 60 minutes).",
            "- **enum**: one of the listed names (case does not matter; the canonical spelling is stored).",
            "- **string**, **url**: the text as given; quote it for the shell. An empty url or model means the provider's standard one.",
            "- **action list**: names separated by commas or spaces, in order; `none` empties the list.",
            "",
        ]
        for group in SettingsGroup.allCases {
            lines += ["## \(group.rawValue)", "", group.summary, "",
                      "| key | type | default | allowed | acts in | description |", "|---|---|---|---|---|---|"]
            for setting in SettingsRegistry.settings(in: group) {
                let cells = ["`\(setting.key)`", setting.type.name, defaultCell(setting), setting.type.allowedDescription,
                             setting.usesText, setting.summary]
                lines.append("| " + cells.map(escape).joined(separator: " | ") + " |")
            }
            lines.append("")
        }
        lines += listOperations + honoured
        return lines.joined(separator: "\n")
    }

    private static var honoured: [String] {
        func keys(_ use: SettingUse) -> String {
            SettingsRegistry.all.filter { $0.uses.contains(use) }.map { "`\($0.key)`" }.joined(separator: ", ")
        }
        return [
            "## Where each setting acts",
            "",
            "The \"acts in\" column says which part of Lector reads a setting: **terminal** (\(SettingUse.terminal.meaning)),",
            "**browse** (\(SettingUse.browse.meaning)), **sync** (\(SettingUse.sync.meaning)), or **carried** (\(SettingUse.carried.meaning)).",
            "`lector settings list` and `lector settings get KEY` show the same, with each key's description.",
            "",
            "The commands and the REPL act on: " + keys(.terminal) + ".",
            "In the REPL, the line under an article lists the `dock.actions` in their order, each as the command that does it",
            "(`prev`, `next`, `read`/`unread`, `star`/`unstar`, `full`, `bionic`, `summarize`, `open`, `share`, `later`),",
            "leaving out what is not set up (`summarize` until `summary.provider` names one).",
            "",
            "`lector browse` acts on: " + keys(.browse) + ".",
            "",
            "Syncing and requests act on: " + keys(.sync) + ".",
            "",
            "Lector only carries (validates, stores, backs up, restores, applies from profiles) these, for graphical readers",
            "such as Lettura — fonts, spacing and other things a terminal has no use for: " + keys(.carried) + ".",
            "",
            "## Settings that run a command",
            "",
            SettingsRegistry.commands.map { "`\($0.key)`" }.joined(separator: ", ")
                + " is a shell command Lector runs (`/bin/sh -c`). Such a setting never travels: a profile never sets it",
            "(`profile save` leaves it out; a profile file that sets it has it skipped, with a note), and a backup that",
            "carries one has it restored only when you say so at the terminal, shown the command (`--yes` does not; without",
            "a terminal, `backup restore --allow-commands`).",
            "",
            "## Settings that give a permission",
            "",
            SettingsRegistry.permissions.map { "`\($0.key)`" }.joined(separator: ", ")
                + " lets another program change your accounts (`lector mcp`'s write tools for an AI agent, which reads",
            "what any feed says). Such a setting never travels either: a profile never sets it (as a command), and",
            "`backup restore` keeps this machine's value whatever the file says, without asking. Give it with",
            "`lector settings set KEY true` on the machine where the agent runs.",
            "",
        ]
    }

    private static var listOperations: [String] {
        [
            "## Editing the dock and swipe lists",
            "",
            "`dock.actions`, `swipe.leading` and `swipe.trailing` are ordered lists of distinct actions.",
            "Positions count from 1. An action is named by its name or by the dock's word for it (`later` for `reading-list`,",
            "`star` for `toggle-star`, `summarize` for `summary`), in edits and in `settings set`. Every edit is checked before it is stored:",
            "",
            "| command | effect |",
            "|---|---|",
            "| `lector dock list` | the dock's actions in order |",
            "| `lector dock add ACTION [--at N]` | insert a known action (at the end, or at position N); refuses duplicates and a full list |",
            "| `lector dock remove ACTION` | take an action out |",
            "| `lector dock move ACTION N` | move an action to position N |",
            "| `lector dock reset` | back to the default order |",
            "| `lector swipe list` | both edges' actions |",
            "| `lector swipe set leading\\|trailing ACTION…` | replace one edge's actions (first = full swipe) |",
            "| `lector swipe reset [leading\\|trailing]` | back to the defaults (both edges, or one) |",
            "",
        ]
    }

    private static func defaultCell(_ setting: Setting) -> String {
        if case .string(let value) = setting.defaultValue {
            return value.isEmpty ? "(empty)" : "`\(value)`"
        }
        return "`\(setting.defaultValue.displayText)`"
    }

    private static func escape(_ cell: String) -> String {
        cell.replacingAll("|", with: "\\|").replacingAll("\n", with: " ")
    }
}

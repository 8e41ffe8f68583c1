import LectorBasics
import LectorSettings

/// One page of the manual: the word `lector help TOPIC` takes, the page under docs/ it is, and
/// what it is about. A topic word never equals a noun, so `lector help feed` stays the noun's help.
struct ManualTopic: Sendable {
    let name: String
    /// The page's file name under docs/ (and under share/doc/lector/ once installed); its stem
    /// names the installed man page, lector-STEM(7).
    let file: String
    let summary: String

    var stem: String { String(file.dropLast(".md".count)) }
}

/// The manual that travels with the binary: the pages of docs/ are compiled in (ManualPages,
/// generated from docs/ and checked against it by a test), the two references generated from the
/// settings registry and the backup format are rendered from them, so `lector help TOPIC` works
/// offline, wherever the binary is.
enum Manual {
    static let topics: [ManualTopic] = [
        ManualTopic(name: "install", file: "install.md", summary: "installing, removing, and what the binary needs at run time"),
        ManualTopic(name: "accounts", file: "accounts.md", summary: "accounts and services: adding, logins, secrets, the keyring, moving servers"),
        ManualTopic(name: "feeds", file: "feeds.md", summary: "feeds and administration: subscribing, feed apply, feed check, account copy"),
        ManualTopic(name: "feed-settings", file: "feed-settings.md", summary: "a feed's settings on its server, per service"),
        ManualTopic(name: "reading", file: "reading.md", summary: "reading: article lists, the REPL, the reader dock, browse, search"),
        ManualTopic(name: "bionic-reading", file: "bionic.md", summary: "Bionic Reading in the terminal"),
        ManualTopic(name: "rules", file: "rules.md", summary: "rules and saved searches: the filter language"),
        ManualTopic(name: "labels", file: "labels.md", summary: "labels on articles, here and on FreshRSS"),
        ManualTopic(name: "syncing", file: "syncing.md", summary: "sync, marks sent offline-first, background sync with systemd or cron"),
        ManualTopic(name: "profiles", file: "profiles.md", summary: "settings and profiles: how settings work, shipped and saved profiles"),
        ManualTopic(name: "setting-keys", file: "settings.md", summary: "every setting: type, default, where it acts, what it does"),
        ManualTopic(name: "backups", file: "backups.md", summary: "backups and moving machines: export, restore, the starred archive"),
        ManualTopic(name: "backup-format", file: "backup.md", summary: "the backup file's format"),
        ManualTopic(name: "agents", file: "mcp.md", summary: "lector mcp: your accounts for an AI agent (Model Context Protocol)"),
        ManualTopic(name: "scripting", file: "scripting.md", summary: "scripting: one-shot, script mode, plain tables, --json, completion"),
        ManualTopic(name: "plain-format", file: "plain-format.md", summary: "the tab-separated columns each list prints off a terminal"),
        ManualTopic(name: "json", file: "json.md", summary: "the JSON conventions and a schema per command output"),
        ManualTopic(name: "exit-codes", file: "exit-codes.md", summary: "exit codes and what partly-done means"),
        ManualTopic(name: "files", file: "files.md", summary: "files and privacy: where Lector keeps what, secrets, outside text"),
        ManualTopic(name: "troubleshooting", file: "troubleshooting.md", summary: "troubleshooting: common errors and their way out"),
        ManualTopic(name: "performance", file: "performance.md", summary: "what is still rough, and the benchmark's figures"),
    ]

    static func topic(named name: String) -> ManualTopic? {
        topics.first { $0.name == name }
    }

    /// The page's Markdown as shipped (docs/ as it was at build time).
    static func markdown(_ topic: ManualTopic) -> String {
        switch topic.file {
        case "settings.md": SettingsReference.markdown
        case "backup.md": BackupReference.markdown
        default: ManualPages.byFile[topic.file] ?? ""
        }
    }

    /// The page for a terminal: Markdown is readable as it is, but a link to another page of the
    /// manual becomes the command that shows it, since docs/ is not where an installed binary is.
    static func text(_ topic: ManualTopic) -> String {
        linksResolved(commentsRemoved(markdown(topic)))
    }

    /// `<!-- … -->` notes are for editors of the source (how a page is generated), not readers.
    static func commentsRemoved(_ markdown: String) -> String {
        var out = ""
        var rest = Substring(markdown)
        while let open = rest.firstRange(of: "<!--") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstRange(of: "-->") else { return out }
            rest = rest[close.upperBound...]
            // A note alone on its lines leaves no blank line behind.
            if out.hasSuffix("\n\n"), rest.hasPrefix("\n\n") { rest = rest.dropFirst(2) }
        }
        return out + rest
    }

    /// `lector help` topics, as the overview lists them.
    static func overview(prefix: String) -> [String] {
        let width = topics.map(\.name.count).max() ?? 0
        return ["Manual (\(prefix)help TOPIC):"] + topics.map { "  " + $0.name.padded(to: width) + "  " + $0.summary }
    }

    /// `[words](rules.md#anchor)` → `words (lector help rules)`; `[words](#anchor)` and links to
    /// files that are no page → `words`; a web address stays in the text; `docs/rules.md` written
    /// out → `lector help rules`.
    static func linksResolved(_ markdown: String) -> String {
        var out = ""
        var rest = Substring(markdown)
        while let open = rest.firstIndex(of: "[") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "]"),
                  rest.index(after: close) < rest.endIndex, rest[rest.index(after: close)] == "(",
                  let end = rest[close...].firstIndex(of: ")"),
                  !rest[open..<close].contains("\n") else {
                out.append("[")
                rest = rest[rest.index(after: open)...]
                continue
            }
            let words = rest[rest.index(after: open)..<close]
            let target = String(rest[rest.index(close, offsetBy: 2)..<end])
            let suffix = linkSuffix(target)
            // A link that only names its file ([rules.md](rules.md)) is the command alone.
            if words.hasSuffix(".md"), suffix.hasPrefix(" (lector help ") {
                out += suffix.dropFirst(2).dropLast()
            } else {
                out += words + suffix
            }
            rest = rest[rest.index(after: end)...]
        }
        out += rest
        return pathsResolved(out)
    }

    private static func linkSuffix(_ target: String) -> String {
        if target.hasPrefix("http://") || target.hasPrefix("https://") { return " <\(target)>" }
        let file = String(target.prefix { $0 != "#" }).split(separator: "/").last.map(String.init) ?? ""
        if let topic = topics.first(where: { $0.file == file }) { return " (lector help \(topic.name))" }
        return ""
    }

    private static func pathsResolved(_ text: String) -> String {
        var text = text
        for topic in topics { text = text.replacingAll("docs/\(topic.file)", with: "lector help \(topic.name)") }
        return text
    }
}

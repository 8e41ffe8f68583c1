/// Where a setting acts. Every key is stored, validated, backed up and applied from profiles the
/// same way; this says which part of Lector reads it — or that none does, and it is only carried
/// for graphical readers sharing the settings (fonts, spacing and the like).
public enum SettingUse: String, CaseIterable, Sendable {
    /// The commands and the REPL (`article list`, `article read`, `feed check`, the reader dock…).
    case terminal
    /// The full-screen `lector browse`.
    case browse
    /// Syncing and network requests (`sync`, `sync --auto` from a timer, every request to a server).
    case sync
    /// Nothing in Lector: kept for other clients only.
    case carried

    /// One line for the reference and `settings get`.
    public var meaning: String {
        switch self {
        case .terminal: "the commands and the REPL"
        case .browse: "lector browse"
        case .sync: "syncing and requests to servers"
        case .carried: "carried for other clients only (Lector itself does nothing with it)"
        }
    }
}

extension Setting {
    /// Where this setting acts, in `SettingUse` order; `[.carried]` when Lector does not read it.
    public var uses: [SettingUse] { SettingUses.byKey[key] ?? [] }
}

/// The one table of where each key acts, kept beside the declarations (a test checks that every
/// declared key has an entry and no entry names an unknown key).
enum SettingUses {
    static let byKey: [String: [SettingUse]] = [
        "sync.on-launch": [.terminal],
        "mcp.allow-write": [.terminal],
        "sync.background": [.sync],
        "sync.interval": [.sync],
        "sync.age-limit": [.sync],
        "sync.mark-read-on-scroll": [.browse],
        "sync.duplicates": [.sync],
        "sync.notify-folders": [.sync],

        "list.sort": [.terminal, .browse],
        "list.density": [.carried],
        "list.cell-padding": [.carried],
        "list.preview-length": [.terminal, .browse],
        "list.show-separators": [.carried],
        "list.show-favicons": [.carried],
        "list.show-reading-time": [.terminal, .browse],
        "list.show-read-indicator": [.terminal, .browse],
        "list.show-folders": [.carried],
        "list.show-unread-count": [.terminal, .browse],
        "list.show-starred-count": [.terminal, .browse],
        "list.feed-pane": [.browse],
        "list.preview-pane": [.browse],
        "list.hide-read": [.terminal, .browse],
        "list.starred-only": [.terminal, .browse],
        "list.confirm-mark-all-read": [.browse],
        "list.undo-steps": [.terminal, .browse],

        "reader.font": [.carried],
        "reader.font-size": [.carried],
        "reader.font-weight": [.carried],
        "reader.line-spacing": [.carried],
        "reader.title-alignment": [.carried],
        "reader.compactness": [.carried],
        "reader.bionic": [.terminal, .browse],
        "reader.full-content": [.terminal, .browse],
        "reader.remember-position": [.browse],
        "reader.open-links": [.carried],
        "reader.pager": [.terminal],
        "reader.share-osc52": [.terminal],

        "appearance.theme": [.terminal, .browse],

        "dock.actions": [.terminal, .browse],

        "swipe.leading": [.browse],
        "swipe.trailing": [.browse],

        "keys.down": [.browse],
        "keys.up": [.browse],
        "keys.top": [.browse],
        "keys.bottom": [.browse],
        "keys.back": [.browse],
        "keys.next-unread": [.browse],
        "keys.previous-unread": [.browse],
        "keys.toggle-read": [.browse],
        "keys.toggle-star": [.browse],
        "keys.mark-shown-read": [.browse],
        "keys.undo": [.browse],
        "keys.search": [.browse],
        "keys.open-link": [.browse],
        "keys.full-content": [.browse],
        "keys.sync": [.browse],
        "keys.swipe-leading": [.browse],
        "keys.swipe-trailing": [.browse],
        "keys.leading-menu": [.browse],
        "keys.trailing-menu": [.browse],
        "keys.help": [.browse],
        "keys.feed-pane": [.browse],
        "keys.preview-pane": [.browse],

        "summary.provider": [.terminal, .browse],
        "summary.endpoint": [.terminal, .browse],
        "summary.model": [.terminal, .browse],
        "summary.prompt": [.terminal, .browse],

        "network.timeout": [.sync],
        "network.connect-timeout": [.sync],
        "network.idle-timeout": [.sync],

        "feed.stale-after": [.terminal],
    ]
}

extension Setting {
    /// `terminal, browse`: the uses as `settings list` and the reference show them.
    public var usesText: String { uses.map(\.rawValue).joined(separator: ", ") }
}

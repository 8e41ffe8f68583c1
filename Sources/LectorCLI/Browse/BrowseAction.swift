import LectorSettings

/// What a key does in `lector browse`. Each has its `keys.*` setting; the arrows, Enter,
/// PageUp/PageDown, Home/End, Ctrl-C, Ctrl-Z and the dock's digits are fixed.
enum BrowseAction: String, CaseIterable, Sendable {
    case down, up, top, bottom, back
    case nextUnread = "next-unread", previousUnread = "previous-unread"
    case toggleRead = "toggle-read", toggleStar = "toggle-star", markShownRead = "mark-shown-read", undo
    case search, openLink = "open-link", fullContent = "full-content", sync
    case swipeLeading = "swipe-leading", swipeTrailing = "swipe-trailing"
    case leadingMenu = "leading-menu", trailingMenu = "trailing-menu", help
    case feedPane = "feed-pane", previewPane = "preview-pane"
    /// Fixed keys only.
    case pageDown = "page-down", pageUp = "page-up", read, quit, suspend, redraw

    /// The setting that binds the action's letter; nil for the fixed ones.
    var settingKey: String? {
        switch self {
        case .pageDown, .pageUp, .read, .quit, .suspend, .redraw: nil
        default: "keys." + rawValue
        }
    }

    /// What the help screen says the action does.
    var help: String {
        switch self {
        case .down: "next article (reader: scroll down)"
        case .up: "previous article (reader: scroll up)"
        case .top: "first article (reader: top)"
        case .bottom: "last article of the list (reader: end)"
        case .back: "back: reader → list (a search kept with Enter: the list before it) → leave"
        case .nextUnread: "next unread article, across feeds and folders"
        case .previousUnread: "previous unread article"
        case .toggleRead: "read / unread"
        case .toggleStar: "star / unstar"
        case .markShownRead: "mark everything shown read"
        case .undo: "undo the last change to read, star or labels (lector undo)"
        case .search: "search as you type; Enter keeps the matches, Esc drops them"
        case .openLink: "open the link (article open)"
        case .fullContent: "read with the page's full content"
        case .sync: "sync, then reload"
        case .swipeLeading: "first leading swipe action (swipe.leading)"
        case .swipeTrailing: "first trailing swipe action (swipe.trailing)"
        case .leadingMenu: "menu of the leading swipe actions"
        case .trailingMenu: "menu of the trailing swipe actions"
        case .help: "this screen"
        case .feedPane: "feeds and folders pane (Enter shows one; again, or back, closes it)"
        case .previewPane: "preview of the selected article under the list (beside it when wide)"
        case .pageDown: "a screen down"
        case .pageUp: "a screen up"
        case .read: "read the article"
        case .quit: "leave at once"
        case .suspend: "suspend (fg resumes)"
        case .redraw: "draw the screen again (the article wrapped anew)"
        }
    }
}

/// Which action each key does, from the `keys.*` settings; two actions on one key are refused.
struct KeyMap: Sendable {
    private var letters: [Character: BrowseAction] = [:]

    init(preferences: Preferences) throws(CLIError) {
        for action in BrowseAction.allCases {
            guard let setting = action.settingKey else { continue }
            let key = preferences.boundKey(setting)
            if let other = letters[key], let otherSetting = other.settingKey {
                throw CLIError.conflict("\(otherSetting) and \(setting) are both '\(key)': give one of them another key (lector settings set \(setting) KEY)")
            }
            letters[key] = action
        }
    }

    /// The action of `key`, or nil when it does nothing.
    func action(for key: BrowseKey) -> BrowseAction? {
        switch key {
        case .character(let character): letters[character]
        case .down: .down
        case .up: .up
        case .left: .swipeLeading
        case .right: .swipeTrailing
        case .pageDown: .pageDown
        case .pageUp: .pageUp
        case .home: .top
        case .end: .bottom
        case .enter: .read
        case .interrupt: .quit
        case .suspend: .suspend
        case .redraw: .redraw
        case .escape, .backspace: .back
        }
    }

    /// The letter bound to `action` ("j"), or the fixed key's name.
    func label(_ action: BrowseAction) -> String {
        if let letter = letters.first(where: { $0.value == action })?.key { return String(letter) }
        switch action {
        case .pageDown: return "PgDn"
        case .pageUp: return "PgUp"
        case .read: return "Enter"
        case .quit: return "C-c"
        case .suspend: return "C-z"
        case .redraw: return "C-l"
        default: return "?"
        }
    }
}

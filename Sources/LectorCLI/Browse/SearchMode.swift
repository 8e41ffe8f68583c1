import LectorAccounts

/// `/` in `lector browse`: a search run again at every key typed, its best matches in the list
/// as the words grow. Enter keeps them (counted then, and paged as any list); Escape puts back the
/// list as it was before `/`.
struct SearchMode {
    /// What has been typed.
    var text = ""
    /// The list before `/`, and its first row on screen, for Escape.
    let before: ArticleBrowser.Shown
    let top: Int

    /// The prompt line: what is typed, and a word when it matches nothing.
    func prompt(matches: Bool) -> String {
        "/" + text + (matches || text.isEmpty ? "" : "   · no article matches")
    }

    /// How many matches a key reads on a screen of `rows` lines: those the list shows (a title
    /// and an excerpt each) and one more, so the heading knows there are more. A key's work is
    /// bounded by the screen, not by the store.
    static func limit(rows: Int) -> Int { max(1, (rows - 3) / 2) + 1 }
}

extension BrowseView {
    /// `/`: the search prompt, with the list as it is kept for Escape.
    func startSearch() {
        status = nil
        mode = .search(SearchMode(before: browser.shown, top: top))
    }

    /// A key typed at the search prompt: text and Backspace run the search again; Enter keeps
    /// its matches and gives the list its keys back; Escape (or Ctrl-C) restores the list.
    func typeSearch(_ key: BrowseKey, _ search: SearchMode) throws(CLIError) {
        var search = search
        switch key {
        case .character(let character): search.text.append(character)
        case .backspace:
            guard !search.text.isEmpty else { return }
            search.text.removeLast()
        case .enter:
            mode = .list
            // The list before the first of searches kept one after another is the one `q` puts back.
            if search.text.isEmpty {
                keptSearch = nil
            } else if keptSearch == nil {
                keptSearch = (search.before, search.top)
            }
            try core { try browser.search(search.text) }
            top = 0
            status = browser.rows.isEmpty && !search.text.isEmpty ? "No article matches “\(search.text)”." : nil
            return
        case .escape, .interrupt:
            mode = .list
            top = search.top
            try core { try browser.show(search.before) }
            return
        default: return
        }
        mode = .search(search)
        try core { try browser.typeSearch(search.text, limit: SearchMode.limit(rows: terminal.size().rows)) }
        top = 0
    }
}

import Foundation
import Testing
@testable import LectorAccounts
@testable import LectorCLI
@testable import LectorSettings
@testable import LectorStore
import LectorText

@Suite("lector browse without a terminal: keys, the key map, the frames, the fallback")
struct BrowseTests {
    @Test("the terminal's bytes become keys: letters, wide characters, arrows, page keys, control keys; a cut sequence waits")
    func decodesKeys() {
        let bytes = Array("j界".utf8) + [0x1B, 0x5B, 0x41, 0x1B, 0x4F, 0x43, 0x1B, 0x5B, 0x36, 0x7E, 0x0D, 0x03, 0x1A, 0x7F]
        let decoded = KeyDecoder.decode(bytes)
        #expect(decoded.keys == [.character("j"), .character("界"), .up, .right, .pageDown, .enter, .interrupt, .suspend, .backspace],
                "decoded: \(decoded.keys)")
        let cut = KeyDecoder.decode([0x6B, 0x1B, 0x5B], final: false)
        #expect(cut.keys == [.character("k")] && cut.rest == [0x1B, 0x5B], "an escape sequence cut by the read waits for its end")
        #expect(KeyDecoder.decode([0x1B]).keys == [.escape], "a lone ESC with nothing after it is Escape")
    }

    @Test("the key map follows the keys settings; the fixed keys stay; two actions on one key are refused")
    func keyMapFollowsSettings() throws {
        let defaults = try KeyMap(preferences: .defaults)
        #expect(defaults.action(for: .character("s")) == .toggleStar && defaults.action(for: .character("j")) == .down, "defaults as documented")
        #expect(defaults.action(for: .right) == .swipeTrailing && defaults.action(for: .left) == .swipeLeading, "the arrows swipe")
        let moved = Preferences(stored: ["keys.toggle-star": .string("x"), "keys.down": .string("e")])
        let map = try KeyMap(preferences: moved)
        #expect(map.action(for: .character("x")) == .toggleStar && map.action(for: .character("s")) == nil, "s is free once the star is on x")
        #expect(map.action(for: .character("e")) == .down && map.action(for: .down) == .down, "the arrow still moves")
        let clash = Preferences(stored: ["keys.toggle-star": .string("r")])
        #expect(throws: CLIError.self, "r for the star and for read at once is refused") { try KeyMap(preferences: clash) }
    }

    @Test("a key setting takes one printable character, not a digit (the dock's) or a space")
    func keySettingValidation() throws {
        let setting = try SettingsRegistry.require("keys.toggle-star")
        #expect(try setting.parse("x") == .string("x"), "a letter is a key")
        for bad in ["", "xy", "1", " ", "é"] {
            #expect(throws: SettingsError.self, "'\(bad)' is refused") { try setting.parse(bad) }
        }
    }

    /// A store with one local account of `count` articles, some with wide titles.
    private func browser(_ home: TestHome, count: Int = 30, titled: (Int) -> String = { "Article \($0)" }) throws -> ArticleBrowser {
        let feed = try home.addFeed(title: "Wide 世界 feed")
        let store = try home.store()
        for number in 1...count {
            _ = try store.articles.upsert(accountID: feed.accountID, feedID: feed.id,
                                          IncomingArticle(serverID: "\(number)", url: "https://example.org/\(number)", title: titled(number),
                                                          summary: "Preview of article \(number).", text: "text",
                                                          publishedAt: 1_700_000_000 - Double(number) * 60),
                                          read: number % 2 == 0 ? .read : .unread)
        }
        let manager = AccountManager(store: store, keyring: home.session().keyring, http: { .init() })
        return try ArticleBrowser(manager: manager, query: ArticleQuery(accountID: feed.accountID))
    }

    private func listFrame(_ browser: ArticleBrowser, top: inout Int, columns: Int = 60, rows: Int = 12,
                           preferences: Preferences = .defaults) -> BrowseFrame {
        ListScreen(preferences: preferences, palette: Palette(theme: .system, color: false), accountNames: [:])
            .frame(browser, top: &top, title: "lector browse", bottom: "help line", columns: columns, rows: rows)
    }

    @Test("the list frame fills the screen exactly: counts on top, the selected row marked, previews, the help line last; wide titles fit")
    func listFrame() throws {
        let home = TestHome()
        let browser = try browser(home) { "記事 \($0) " + String(repeating: "界", count: 40) }
        var top = 0
        let frame = listFrame(browser, top: &top)
        #expect(frame.fitted(rows: 12).lines.count == 12 && frame.lines.last == "help line", "twelve lines, help last: \(frame.lines)")
        #expect(frame.lines[0].contains("15 unread") && frame.lines[0].contains("1/30"), "the counts and the position: \(frame.lines[0])")
        #expect(frame.lines[2].hasPrefix("> ") && frame.highlighted.contains(2), "the first row is selected: \(frame.lines[2])")
        #expect(frame.lines[3].contains("Preview of article 1"), "its preview follows: \(frame.lines[3])")
        for line in frame.lines {
            #expect(DisplayWidthProbe.cells(line) <= 60, "'\(line)' is wider than the 60 columns")
        }
    }

    @Test("a list with no rows counts its position from 0: '0/0', not '1/0'")
    func emptyListPosition() throws {
        let home = TestHome()
        let full = try browser(home, count: 3)
        var query = full.query
        query.search = "nothingmatchesthisword"
        let empty = try ArticleBrowser(manager: AccountManager(store: try home.store(), keyring: home.session().keyring, http: { .init() }), query: query)
        var top = 0
        let heading = listFrame(empty, top: &top, columns: 120).lines[0]
        #expect(heading.contains(" 0/0") && !heading.contains("1/0"), "\(heading) rows \(empty.rows.count) total \(String(describing: empty.total))")
    }

    @Test("the window follows the cursor down and back up")
    func windowFollowsCursor() throws {
        let home = TestHome()
        let browser = try browser(home)
        var top = 0
        try browser.move(by: 10)
        let frame = listFrame(browser, top: &top)
        #expect(top > 0 && frame.lines.contains { $0.hasPrefix("> ") && $0.contains("Article 11") }, "row 11 is on screen and selected: \(frame.lines)")
        try browser.moveToTop()
        _ = listFrame(browser, top: &top)
        #expect(top == 0, "back at the top the window is too")
    }

    @Test("outside text cannot move the cursor or change the screen: escapes in titles are dropped from the frame")
    func hostileTitles() throws {
        let home = TestHome()
        let browser = try browser(home, count: 3) { "Evil \($0)\u{1b}[2J\u{1b}]0;owned\u{07}" }
        var top = 0
        let bytes = listFrame(browser, top: &top).bytes(rows: 12)
        #expect(!bytes.contains("\u{1b}[2J") && !bytes.contains("\u{1b}]0;"), "the title's escapes are gone from what is drawn")
        #expect(bytes.contains("Evil 1"), "the title itself is there")
        let direct = BrowseFrame(lines: ["Evil\u{1b}]52;c;b3duZWQ=\u{07} title\u{1b}[1m bold"]).bytes(rows: 1)
        #expect(!direct.contains("\u{1b}]52") && direct.contains("Evil title") && direct.contains("\u{1b}[1m bold"),
                "the frame itself passes every line through the sanitiser, keeping Lector's own styles: \(direct.debugDescription)")
    }

    @Test("a line as wide as the screen keeps its last cell: each line is cleared before it is drawn, never after")
    func fullLinesKeepTheirLastCell() {
        let full = String(repeating: "x", count: 39) + "Z"
        let bytes = BrowseFrame(lines: [full, "short"]).bytes(rows: 2)
        #expect(bytes.contains("\u{1b}[2K" + full), "the line is cleared, then written: \(bytes.debugDescription)")
        #expect(!bytes.contains("Z\u{1b}[0m\u{1b}[K") && !bytes.contains("Z\u{1b}[K"),
                "nothing erases from the cursor after the text (without autowrap it sits on the last cell): \(bytes.debugDescription)")
    }

    @Test("a frame drawn over the last one rewrites only the rows that differ, overlays included; over an unknown screen or another height, every row")
    func framesRewriteOnlyChangedRows() {
        let first = BrowseFrame(lines: ["one", "two", "three"], highlighted: [0])
        let (whole, shown) = first.bytes(rows: 3, over: nil)
        #expect(["\u{1b}[1;1H", "\u{1b}[2;1H", "\u{1b}[3;1H"].allSatisfy(whole.contains), "a first frame draws every row: \(whole.debugDescription)")
        let moved = BrowseFrame(lines: ["one", "two", "three"], highlighted: [1])
        let (step, _) = moved.bytes(rows: 3, over: shown)
        #expect(step.contains("\u{1b}[1;1H") && step.contains("\u{1b}[2;1H") && !step.contains("\u{1b}[3;1H"),
                "moving the highlight rewrites its old and new rows alone: \(step.debugDescription)")
        #expect(first.bytes(rows: 3, over: shown).bytes.isEmpty, "the same frame again writes nothing")
        var covered = first
        covered.overlays = [.init(line: 2, column: 1, text: "x")]
        let (overlaid, withOverlay) = covered.bytes(rows: 3, over: shown)
        #expect(overlaid.hasPrefix("\u{1b}[3;1H") && !overlaid.contains("\u{1b}[1;1H"), "an overlay rewrites its row: \(overlaid.debugDescription)")
        #expect(first.bytes(rows: 3, over: withOverlay).bytes.contains("\u{1b}[3;1H"), "and so does its going away")
        #expect(first.bytes(rows: 4, over: shown).bytes.contains("\u{1b}[1;1H"), "another height draws every row")
    }

    @Test("the reader's dock line numbers the dock actions in the user's order, each as the word that does it")
    func dockLine() {
        let line = ReaderScreen.dockLine([.toggleStar, .previousArticle, .toggleRead], starred: true, read: true)
        #expect(line == "1 unstar  2 prev  3 unread", "got '\(line)'")
        #expect(ReaderScreen.dockAction("2", in: [.toggleStar, .previousArticle]) == .previousArticle, "2 is the second action")
        #expect(ReaderScreen.dockAction("3", in: [.toggleStar, .previousArticle]) == nil, "a number past the dock does nothing")
    }

    @Test("off a terminal browse prints article list, with one line on stderr saying so (the binary, piped)")
    func pipeFallsBack() throws {
        let home = TestHome()
        let result = try runProcess(TestBinary.path, ["browse", "--unread"], environment: home.environment)
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("not a terminal") && result.stderr.contains("article list"),
                "one line saying why: \(result.stderr)")
        let list = try runProcess(TestBinary.path, ["article", "list", "--unread"], environment: home.environment)
        #expect(result.stdout == list.stdout && !list.stdout.isEmpty, "the same output as article list --unread")
        let both = try runProcess(TestBinary.path, ["browse", "--feed", "A", "--folder", "B"], environment: home.environment)
        #expect(both.status == 2, "--feed with --folder is a usage error: \(both.status) \(both.stderr)")
    }
}

/// The cells a frame line takes once its style codes are left out.
enum DisplayWidthProbe {
    static func cells(_ line: String) -> Int {
        var plain = "", escaping = false
        for character in line {
            if character == "\u{1b}" { escaping = true; continue }
            if escaping { if character.isLetter { escaping = false }; continue }
            plain.append(character)
        }
        return DisplayWidth.of(plain)
    }
}

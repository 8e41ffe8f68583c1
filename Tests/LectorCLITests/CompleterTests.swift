import Testing
@testable import LectorCLI
@testable import LectorStore

@Suite("Completion")
struct CompleterTests {
    private func values(_ home: TestHome, _ words: [String]) -> [String] {
        let path = AppDirectories.resolve(environment: home.environment).databasePath
        let completer = Completer { Store.openReadOnly(path: path) }
        return completer.complete(words).candidates.map(\.value)
    }

    @Test("nouns complete from their first letters")
    func completesNouns() {
        let home = TestHome()
        #expect(values(home, ["fe"]) == ["feed"])
        #expect(values(home, [""]).contains("article"))
        #expect(!values(home, [""]).contains("exit"), "REPL-only commands are not offered to the shell")
    }

    @Test("verbs complete after a noun")
    func completesVerbs() {
        #expect(values(TestHome(), ["demo", ""]) == ["on", "off"])
    }

    @Test("options complete after a dash, without ones already given")
    func completesOptions() {
        let home = TestHome()
        let options = values(home, ["article", "list", "--unread", "--"])
        #expect(options.contains("--starred") && options.contains("--json"))
        #expect(!options.contains("--unread"), "an option already given is not offered again")
    }

    @Test("feed titles complete live from the store, case-insensitively, spaces kept")
    func completesFeedTitles() throws {
        let home = TestHome()
        try home.addFeed(title: "Swift Weekly Digest")
        try home.addFeed(title: "Gardening Today")
        #expect(values(home, ["article", "list", "--feed", "swift w"]) == ["Swift Weekly Digest"])
        #expect(values(home, ["article", "list", "--feed", "\"Swift W"]) == ["Swift Weekly Digest"],
                "an opening quote in the partial word is not part of the title")
    }

    @Test("account and folder values come from the store")
    func completesAccountsAndFolders() throws {
        let home = TestHome()
        try home.addFeed(title: "X", folder: "Comics", account: "Personal")
        #expect(values(home, ["feed", "list", "--account", "Pers"]) == ["Personal"])
        #expect(values(home, ["feed", "list", "-f", "Co"]) == ["Comics"])
    }

    @Test("fixed choices complete, and help completes command names")
    func completesChoicesAndHelpTopics() {
        let home = TestHome()
        #expect(values(home, ["completions", ""]) == ["bash", "zsh", "fish"])
        // After `help`, the nouns and the manual's topics; after a noun, only its verbs.
        #expect(values(home, ["help", "fe"]) == ["feed", "feeds", "feed-settings"])
        #expect(values(home, ["help", "feed", "l"]) == ["list"])
        #expect(values(home, ["help", "troub"]) == ["troubleshooting"])
    }

    @Test("completion does not create a store")
    func completionIsReadOnly() throws {
        let home = TestHome()
        _ = values(home, ["feed", "list", "--account", ""])
        let path = AppDirectories.resolve(environment: home.environment).databasePath
        #expect(Store.openReadOnly(path: path) == nil, "completion must not create or migrate the store")
    }

    @Test("the wire format is value, tab, description, then a directive line")
    func wireFormat() {
        let text = Completer.wireFormat(([Candidate(value: "feed", help: "feeds\u{1b}[31m")], .none))
        #expect(text == "feed\tfeeds\n:0\n", "escape sequences must be stripped whole: \(text.debugDescription)")
    }
}

import Testing
@testable import LectorSettings

private func list(_ key: String, _ actions: [String]? = nil) throws -> ActionList {
    let setting = try SettingsRegistry.require(key)
    return try ActionList(setting: setting, value: actions.map { .array($0.map(JSONValue.string)) } ?? setting.defaultValue)
}

private func failure(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as SettingsError {
        return error.message
    } catch {
        return "unexpected error type: \(error)"
    }
}

@Suite("Dock and swipe action lists")
struct ActionListTests {
    @Test("add appends by default and inserts at a 1-based position")
    func add() throws {
        var dock = try list("dock.actions", ["toggle-read"])
        try dock.add("share")
        try dock.add("previous-article", at: 1)
        try dock.add("Toggle-Star", at: 3)
        #expect(dock.actions == ["previous-article", "toggle-read", "toggle-star", "share"], "order after three adds")
    }

    @Test("add refuses duplicates, unknown actions, bad positions and a full list, naming the problem")
    func addErrors() throws {
        var dock = try list("dock.actions", ["toggle-read", "share"])
        #expect(failure { try dock.add("share") } == "dock.actions: 'share' is already at position 2; use move to reorder it")
        #expect(failure { try dock.add("sumary") } == "dock.actions: 'sumary' is not a dock action (known: previous-article, next-article, toggle-read, toggle-star, full-content, bionic, reading-list, open-in-browser, share, summary); did you mean 'summary'?")
        #expect(failure { try dock.add("bionic", at: 4) } == "dock.actions: position 4 is outside 1…3")
        #expect(failure { try dock.add("bionic", at: 0) } == "dock.actions: position 0 is outside 1…3")
        var edge = try list("swipe.leading", ["toggle-read", "share"])
        #expect(failure { try edge.add("toggle-star") } == "swipe.leading: already holds 2 actions, the most that fit; remove one first")
        #expect(dock.actions == ["toggle-read", "share"], "a refused edit changes nothing")
    }

    @Test("remove takes out a listed action and refuses one that is not there")
    func remove() throws {
        var dock = try list("dock.actions", ["toggle-read", "share"])
        try dock.remove("toggle-read")
        #expect(dock.actions == ["share"], "toggle-read removed")
        #expect(failure { try dock.remove("bionic") } == "dock.actions: 'bionic' is not in the list (current: share)")
        try dock.remove("share")
        #expect(failure { try dock.remove("share") } == "dock.actions: 'share' is not in the list (the list is empty)")
    }

    @Test("move puts an action at a position within the list")
    func move() throws {
        var dock = try list("dock.actions", ["previous-article", "toggle-read", "share", "next-article"])
        try dock.move("share", to: 1)
        #expect(dock.actions == ["share", "previous-article", "toggle-read", "next-article"], "share moved to the front")
        try dock.move("share", to: 4)
        #expect(dock.actions == ["previous-article", "toggle-read", "next-article", "share"], "share moved to the end")
        #expect(failure { try dock.move("share", to: 5) } == "dock.actions: position 5 is outside 1…4")
        #expect(failure { try dock.move("bionic", to: 1) }?.contains("'bionic' is not in the list") == true, "cannot move what is absent")
    }

    @Test("reset restores the declared default and replace checks like the type")
    func resetAndReplace() throws {
        var edge = try list("swipe.trailing", ["share"])
        edge.reset()
        #expect(edge.value == SettingsRegistry.setting("swipe.trailing")?.defaultValue, "reset gives the default")
        try edge.replace(with: ["open-in-browser", "toggle-read"])
        #expect(edge.actions == ["open-in-browser", "toggle-read"], "replace sets the whole edge")
        #expect(failure { try edge.replace(with: ["share", "share"]) } == "swipe.trailing: 'share' appears more than once")
        #expect(failure { try edge.replace(with: ["bionic"]) }?.contains("'bionic' is not a swipe action") == true, "bionic is dock-only")
    }

    @Test("list operations on a non-list setting are refused")
    func notAList() throws {
        let setting = try SettingsRegistry.require("reader.font")
        #expect(throws: SettingsError.notAList(key: "reader.font")) { try ActionList(setting: setting, value: setting.defaultValue) }
    }

    @Test("defaults hold no duplicates and fit their edges")
    func defaultsFit() {
        let preferences = Preferences.defaults
        #expect(Set(preferences.dockActions).count == preferences.dockActions.count, "dock default has duplicates")
        #expect(preferences.swipeLeading.count <= 2 && preferences.swipeTrailing.count <= 2, "swipe edges hold at most two")
        #expect(preferences.dockActions.first == .previousArticle && preferences.dockActions.last == .nextArticle, "navigation at the ends")
    }
}

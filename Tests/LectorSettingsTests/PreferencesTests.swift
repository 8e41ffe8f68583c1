import Foundation
import Testing
@testable import LectorSettings

@Suite("Preferences and the settings editor")
struct PreferencesTests {
    @Test("defaults resolve through every typed accessor")
    func defaultAccessors() {
        let p = Preferences.defaults
        #expect(p.syncOnLaunch && !p.syncInBackground && p.syncIntervalMinutes == 30 && p.syncAgeLimit == .month && !p.markReadOnScroll)
        #expect(p.listSort == .newestFirst && p.listDensity == .comfortable && p.listCellPadding == 1 && p.listPreviewLines == 2)
        #expect(p.showSeparators && p.showFavicons && p.showReadingTime && p.showReadIndicator && p.showFolders)
        #expect(p.showUnreadCount && p.showStarredCount && !p.hideRead && !p.starredOnly && p.confirmMarkAllRead)
        #expect(p.readerFont == .system && p.readerFontSize == 17 && p.readerFontWeight == .regular && p.lineSpacing == .normal)
        #expect(p.titleAlignment == .leading && p.textCompactness == .normal && p.bionicMode == .off)
        #expect(!p.fullContentByDefault && p.rememberReadingPosition && p.linkBehavior == .inApp && p.theme == .system)
        #expect(p.dockActions.count == 8 && p.swipeLeading == [.toggleRead] && p.swipeTrailing == [.toggleStar, .readingList])
        #expect(p.summaryProvider == SummaryProvider.none && p.summaryEndpoint == nil && p.summaryModel == nil && !p.summaryPrompt.isEmpty)
        #expect(p.unknownKeys.isEmpty && p.invalidKeys.isEmpty && p.warnings.isEmpty, "defaults produce no warnings")
    }

    @Test("stored values override defaults; unknown keys and invalid values are ignored but reported")
    func storedValues() {
        let p = Preferences(stored: [
            "reader.bionic": "f3", "sync.interval": 5, "appearance.theme": "pure-dark",
            "reader.hyphenation": true, "summary.endpoint": "http://127.0.0.1:11434", "summary.model": "llama3",
        ])
        #expect(p.bionicMode == .f3, "stored bionic mode, canonicalised")
        #expect(p.theme == .pureDark, "stored theme")
        #expect(p.syncIntervalMinutes == 30, "an interval below the floor falls back to the default")
        #expect(p.summaryEndpoint == URL(string: "http://127.0.0.1:11434") && p.summaryModel == "llama3", "summary overrides")
        #expect(p.unknownKeys == ["reader.hyphenation"], "the unknown key is reported")
        #expect(p.invalidKeys == ["sync.interval"], "the invalid value is reported")
        #expect(p.warnings.count == 2 && p.warnings[0].contains("reader.hyphenation"), "one warning per ignored key")
    }

    @Test("grouped values hold every group and every setting once")
    func grouped() {
        let grouped = Preferences.defaults.grouped
        #expect(Set(grouped.keys) == Set(SettingsGroup.allCases.map(\.rawValue)), "every group present")
        #expect(grouped.values.map(\.count).reduce(0, +) == SettingsRegistry.all.count, "every setting present once")
        #expect(grouped["reader"]?["font"] == "system", "short names inside groups")
    }

    @Test("the editor validates before writing and reports old and new values")
    func editorSetAndReset() throws {
        let storage = InMemorySettingsStorage()
        let editor = SettingsEditor(storage: storage)
        let change = try editor.set("reader.font", to: "news")
        #expect(change.line == "reader.font: system → news", "change line")
        #expect(storage.values["reader.font"] == "news", "stored after set")
        #expect(throws: SettingsError.self) { try editor.set("reader.font", to: "comic") }
        #expect(storage.values["reader.font"] == "news", "a refused set writes nothing")
        #expect(throws: SettingsError.unknownKey("reader.fnt", suggestion: "reader.font")) { try editor.set("reader.fnt", to: "news") }
        let reset = try editor.reset("reader.font")
        #expect(reset.new == "system" && storage.values["reader.font"] == nil, "reset removes the stored value")
    }

    @Test("list edits go through the editor and are stored whole")
    func editorLists() throws {
        let storage = InMemorySettingsStorage()
        let editor = SettingsEditor(storage: storage)
        try editor.editList("dock.actions") { (list: inout ActionList) throws(SettingsError) in try list.remove("share") }
        try editor.editList("swipe.leading") { (list: inout ActionList) throws(SettingsError) in try list.replace(with: ["share", "toggle-star"]) }
        #expect(try editor.preferences().swipeLeading == [.share, .toggleStar], "leading edge replaced")
        #expect(try editor.preferences().dockActions.contains(.share) == false, "share removed from the dock")
        #expect(throws: SettingsError.notAList(key: "reader.font")) {
            try editor.editList("reader.font") { (_: inout ActionList) throws(SettingsError) in }
        }
        let changes = try editor.resetAll()
        #expect(Set(changes.map(\.key)) == ["dock.actions", "swipe.leading"], "reset-all reports what changed")
        #expect(try editor.preferences() == .defaults, "everything back to defaults")
    }

    @Test("a failing storage surfaces as a storage error")
    func storageFailure() {
        struct Broken: SettingsStorage {
            struct Failure: Error, CustomStringConvertible { var description: String { "disk I/O error" } }
            func storedValues() throws -> [String: JSONValue] { throw Failure() }
            func apply(_ changes: [String: JSONValue?]) throws { throw Failure() }
        }
        #expect(throws: SettingsError.storage("disk I/O error")) { try SettingsEditor(storage: Broken()).preferences() }
    }
}

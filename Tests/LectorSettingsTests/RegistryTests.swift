import Testing
@testable import LectorSettings

@Suite("Settings registry")
struct RegistryTests {
    @Test("keys are unique and each is group.name with a known group")
    func keysUniqueAndGrouped() {
        let keys = SettingsRegistry.all.map(\.key)
        #expect(Set(keys).count == keys.count, "duplicate keys: \(keys.filter { k in keys.filter { $0 == k }.count > 1 })")
        for setting in SettingsRegistry.all {
            #expect(setting.key == "\(setting.group.rawValue).\(setting.name)", "\(setting.key) must start with its group")
            #expect(!setting.name.isEmpty && !setting.summary.isEmpty, "\(setting.key) needs a name and a description")
            #expect(!setting.summary.contains("\n"), "\(setting.key)'s description must be one line")
        }
    }

    @Test("every group has at least one setting")
    func everyGroupPresent() {
        for group in SettingsGroup.allCases {
            #expect(!SettingsRegistry.settings(in: group).isEmpty, "group \(group.rawValue) has no settings")
        }
    }

    @Test("every default validates against its own type and is already canonical")
    func defaultsValidate() throws {
        for setting in SettingsRegistry.all {
            let canonical = try setting.validate(setting.defaultValue)
            #expect(canonical == setting.defaultValue, "\(setting.key)'s default is not in canonical form")
        }
    }

    @Test("the settings the design and the issue name all exist")
    func requiredKeysExist() {
        let required = [
            "sync.on-launch", "sync.background", "sync.interval", "sync.age-limit", "sync.mark-read-on-scroll",
            "list.sort", "list.density", "list.cell-padding", "list.preview-length", "list.show-separators",
            "list.show-favicons", "list.show-reading-time", "list.show-read-indicator", "list.show-folders",
            "list.show-unread-count", "list.show-starred-count", "list.hide-read", "list.starred-only",
            "list.confirm-mark-all-read", "reader.font", "reader.font-size", "reader.font-weight", "reader.line-spacing",
            "reader.title-alignment", "reader.compactness", "reader.bionic", "reader.full-content",
            "reader.remember-position", "reader.open-links", "appearance.theme", "dock.actions", "swipe.leading",
            "swipe.trailing", "summary.provider", "summary.endpoint", "summary.model", "summary.prompt",
        ]
        for key in required {
            #expect(SettingsRegistry.setting(key) != nil, "\(key) is missing from the registry")
        }
    }

    @Test("the sync interval has a floor of 15 minutes")
    func syncIntervalFloor() throws {
        let setting = try SettingsRegistry.require("sync.interval")
        #expect(setting.type == .integer(range: 15...1440, unit: "minutes"), "sync.interval must be 15…1440 minutes")
        #expect(throws: SettingsError.self) { try setting.parse("14") }
    }

    @Test("enum settings offer the values the seed app has")
    func seedValues() {
        #expect(SettingsCompletion.values(for: "reader.font") == ["system", "news", "classic", "sans"], "four font families")
        #expect(SettingsCompletion.values(for: "reader.bionic") == ["off", "F1", "F2", "F3", "F4", "F5"], "off and five modes")
        #expect(SettingsCompletion.values(for: "sync.age-limit") == ["day", "week", "month", "all"], "four age limits")
        #expect(SettingsCompletion.values(for: "appearance.theme").contains("pure-dark"), "Pure Dark theme")
        #expect(SettingsCompletion.values(for: "appearance.theme").contains("midnight-dark"), "Midnight Dark theme")
        #expect(SettingsCompletion.values(for: "summary.provider") == ["none", "openai", "ollama"], "summary providers")
    }

    @Test("completion lists every key, the list keys, and values per type")
    func completion() {
        #expect(SettingsCompletion.keys().map(\.key) == SettingsRegistry.all.map(\.key), "every key is offered in order")
        #expect(SettingsCompletion.listKeys == ["dock.actions", "swipe.leading", "swipe.trailing"], "the three action lists")
        #expect(SettingsCompletion.values(for: "list.hide-read") == ["true", "false"], "booleans complete to true/false")
        #expect(SettingsCompletion.values(for: "dock.actions").count == DockAction.allCases.count, "every dock action")
        #expect(SettingsCompletion.values(for: "summary.prompt").isEmpty, "free text has no candidates")
        #expect(SettingsCompletion.values(for: "no.such").isEmpty, "unknown keys have no candidates")
    }
}

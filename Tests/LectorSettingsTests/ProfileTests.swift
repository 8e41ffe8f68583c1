import Foundation
import Testing
@testable import LectorSettings

private let shippedNames = ["focus", "minimal", "newsroom", "night"]

private func shipped(_ name: String) throws -> Profile {
    try Profile.read(contentsOf: repoRoot.appendingPathComponent("profiles/\(name).json")).profile
}

@Suite("Profiles")
struct ProfileTests {
    @Test("every shipped profile validates, is named like its file, and is in canonical form")
    func shippedProfilesValidate() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: repoRoot.appendingPathComponent("profiles").path)
        #expect(Set(shippedNames.map { "\($0).json" }).isSubset(of: files), "profiles/ should hold at least \(shippedNames)")
        for name in files.filter({ $0.hasSuffix(".json") }).map({ String($0.dropLast(5)) }) {
            let url = repoRoot.appendingPathComponent("profiles/\(name).json")
            let (profile, warnings) = try Profile.read(contentsOf: url)
            #expect(profile.name == name, "\(name).json names itself '\(profile.name)'")
            #expect(warnings.isEmpty, "\(name) has warnings: \(warnings)")
            #expect(!profile.values.isEmpty && !profile.description.isEmpty, "\(name) should change something and say what")
            #expect(try Data(contentsOf: url) == profile.encoded(), "\(name).json is not canonical (sorted keys, two-space indent)")
        }
    }

    @Test("focus turns on Bionic F2 and hides read articles; night uses Midnight Dark")
    func shippedContent() throws {
        let focus = try shipped("focus")
        #expect(focus.values["reader.bionic"] == "F2" && focus.values["list.hide-read"] == true, "focus essentials")
        #expect(try shipped("night").values["appearance.theme"] == "midnight-dark", "night theme")
        #expect(try shipped("newsroom").values["list.density"] == "compact", "newsroom is dense")
    }

    @Test("diffing a profile against current values lists only real changes, in registry order")
    func diff() throws {
        let current = Preferences(stored: ["reader.bionic": "F2", "appearance.theme": "dark"])
        let changes = try shipped("focus").changes(from: current)
        #expect(!changes.contains { $0.key == "reader.bionic" }, "bionic is already F2")
        #expect(changes.map(\.line).contains("list.hide-read: false → true"), "hide-read changes: \(changes.map(\.line))")
        let order = SettingsRegistry.all.map(\.key)
        #expect(changes.map(\.key) == order.filter { key in changes.contains { $0.key == key } }, "registry order")
        let json = changes.first?.json.objectValue
        #expect(json?["key"] != nil && json?["old"] != nil && json?["new"] != nil, "JSON form has key, old, new")
    }

    @Test("saving current values as a profile keeps the non-default ones and reads back equal")
    func captureRoundTrip() throws {
        let current = Preferences(stored: ["reader.font": "classic", "swipe.leading": ["share"], "list.sort": "newest-first"])
        let profile = try Profile.capture(name: "mine", description: "my setup", from: current)
        #expect(Set(profile.values.keys) == ["reader.font", "swipe.leading"], "defaults are left out")
        let (reread, _) = try Profile.read(profile.encoded())
        #expect(reread == profile, "a saved profile reads back equal")
        // Every setting but those that run a command (reader.pager) or give a permission (mcp.allow-write), which never travel.
        #expect(try Profile.capture(name: "all", description: "", from: current, onlyChanged: false).values.count
                == SettingsRegistry.all.count - SettingsRegistry.commands.count - SettingsRegistry.permissions.count)
        #expect(throws: SettingsError.self) { try Profile.capture(name: "My Setup", description: "", from: current) }
    }

    @Test("a setting that runs a command is never in a profile: left out when saved, refused when built, skipped with a warning when read")
    func commandsNeverInAProfile() throws {
        #expect(SettingsRegistry.commands.map(\.key) == ["reader.pager"], "reader.pager is declared as a command")
        let current = Preferences(stored: ["reader.pager": "touch /tmp/pwned", "reader.font": "classic"])
        #expect(try Profile.capture(name: "mine", description: "", from: current).values.keys.sorted() == ["reader.font"])
        #expect(throws: SettingsError.self) { try Profile(name: "cozy", description: "", values: ["reader.pager": "touch /tmp/pwned"]) }
        let text = #"{"format":"lector-profile","version":"1.0","name":"cozy","description":"","settings":{"reader":{"pager":"touch /tmp/pwned","font":"news"}}}"#
        let (profile, warnings) = try Profile.read(Data(text.utf8))
        #expect(profile.values.keys.sorted() == ["reader.font"], "the command is skipped: \(profile.values)")
        #expect(warnings.count == 1 && warnings[0].contains("reader.pager") && warnings[0].contains("command"), "one warning: \(warnings)")
    }

    @Test("invalid profiles are refused with a path; newer minor keys are skipped with a warning")
    func invalidProfiles() throws {
        func error(_ text: String) -> String? {
            do { _ = try Profile.read(data(text)); return nil } catch { return error.message }
        }
        let head = #""format": "lector-profile", "version": "1.0", "name": "x", "description": "d""#
        #expect(error("{\(head), \"settings\": {\"reader\": {\"font\": \"comic\"}}}") == "invalid profile: settings.reader.font: 'comic' is not one of system, news, classic, sans")
        #expect(error("{\(head), \"settings\": {\"reader\": {\"fnot\": \"news\"}}}") == "invalid profile: settings.reader.fnot: unknown field; did you mean 'font'?")
        #expect(error(#"{"format": "lector-backup", "version": "1.0"}"#) == "not a Lector profile: its format is 'lector-backup', expected 'lector-profile'")
        #expect(error(#"{"format": "lector-profile", "version": "2.1"}"#) == "made by a newer Lector (profile format 2.1; this Lector reads 1.x): upgrade Lector")
        let newer = #"{"format": "lector-profile", "version": "1.4", "name": "x", "description": "d", "icon": "moon", "settings": {"reader": {"font": "news", "hyphenate": true}}}"#
        let (profile, warnings) = try Profile.read(data(newer))
        #expect(profile.values == ["reader.font": "news"], "known settings kept")
        #expect(warnings.count == 2 && warnings.allSatisfy { $0.contains("skipped") }, "one warning per unknown key: \(warnings)")
    }
}

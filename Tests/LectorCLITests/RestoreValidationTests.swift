import Foundation
import Testing
@testable import LectorCLI
import LectorSettings

/// Restoring a backup checks every setting's value against its declaration (type, range, choice,
/// length, address, action list): generated from the settings catalog, so a new key is covered
/// the day it is declared.
@Suite("Backup restore validates every setting", .serialized)
struct RestoreValidationTests {
    /// Values each type must refuse, with what the message should say about them.
    static func invalidValues(for setting: Setting) -> [JSONValue] {
        switch setting.type {
        case .bool:
            return [.string("true"), .int(1), .null]
        case .integer(let range, _):
            return [.int(range.upperBound + 1), .int(range.lowerBound - 1), .string(String(range.lowerBound))]
        case .choice:
            return [.string("no-such-choice"), .int(1)]
        case .text(let length):
            return [.string(String(repeating: "x", count: length.upperBound + 1)), .int(3)]
                + (length.lowerBound > 0 ? [.string("")] : [])
        case .url:
            return [.string("ftp://files.example.org/"), .string("https://user:secret@api.example.org/v1"),
                    .string("not an address"), .int(80)]
        case .actions(let catalog):
            var values: [JSONValue] = [.array([.string("no-such-action")]), .string(catalog.known[0]),
                                       .array([.string(catalog.known[0]), .string(catalog.known[0])])]
            if catalog.known.count > catalog.maxCount {
                values.append(.array(catalog.known.prefix(catalog.maxCount + 1).map(JSONValue.string)))
            }
            return values
        case .key:
            return [.string("xy"), .string("1"), .string(" "), .string(""), .int(3)]
        }
    }

    /// A valid value other than the default, in canonical form.
    static func otherValidValue(for setting: Setting) -> JSONValue {
        switch setting.type {
        case .bool:
            return .bool(setting.defaultValue != .bool(true))
        case .integer(let range, _):
            return .int(setting.defaultValue == .int(range.upperBound) ? range.lowerBound : range.upperBound)
        case .choice(let choices):
            return .string(choices.first { .string($0) != setting.defaultValue }!)
        case .text(let length):
            let text = String(repeating: "r", count: max(length.lowerBound, min(length.upperBound, 12)))
            return .string(.string(text) == setting.defaultValue ? String(text.dropLast()) + "s" : text)
        case .url:
            return .string(setting.defaultValue == .string("https://restored.example.org/v1") ? "" : "https://restored.example.org/v1")
        case .key:
            return .string(setting.defaultValue == .string("Z") ? "Y" : "Z")
        case .actions(let catalog):
            let reversed = Array(catalog.known.reversed().prefix(catalog.maxCount)).map(JSONValue.string)
            return setting.defaultValue == .array(reversed) ? .array([.string(catalog.known[0])]) : .array(reversed)
        }
    }

    /// A home with an account and one changed setting, and its full backup as a JSON object.
    private func homeWithBackup() throws -> (TestHome, [String: Any]) {
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Kept")
        _ = try home.run("settings", "set", "reader.font", "classic")
        let file = home.path + "/backup.json"
        _ = try home.run("backup", "export", file)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        return (home, object)
    }

    /// Writes `backup` with the setting's value replaced and returns the file's path.
    private func write(_ backup: [String: Any], setting: Setting, value: JSONValue, home: TestHome) throws -> String {
        var document = backup
        var settings = try #require(document["settings"] as? [String: Any])
        var group = try #require(settings[setting.group.rawValue] as? [String: Any], "the backup has no group for \(setting.key)")
        group[setting.name] = try JSONSerialization.jsonObject(with: Data(JSONOutput.line(value).utf8), options: [.fragmentsAllowed])
        settings[setting.group.rawValue] = group
        document["settings"] = settings
        let file = home.path + "/edited-\(UUID().uuidString).json"
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// What a restore may change: every stored setting and every account.
    private func state(_ home: TestHome) throws -> String {
        let store = try home.store()
        return "\(try store.settings.all().sorted { $0.key < $1.key }) \(try store.accounts.all().map(\.name))"
    }

    @Test("a backup with an invalid value for any setting is refused with exit 1 naming the setting, and nothing changes",
          arguments: SettingsRegistry.all.map(\.key))
    func invalidValueRefused(key: String) throws {
        let setting = try #require(SettingsRegistry.setting(key))
        let (home, backup) = try homeWithBackup()
        let before = try state(home)
        for value in Self.invalidValues(for: setting) {
            let file = try write(backup, setting: setting, value: value, home: home)
            let error = #expect(throws: CLIError.self, "\(key) = \(value): restored without complaint") {
                try home.run("backup", "restore", file, "--yes", "--replace")
            }
            let path = "settings.\(setting.group.rawValue).\(setting.name)"
            #expect(error?.exitStatus == .failure, "\(key) = \(value): exit \(String(describing: error?.exitStatus)), expected 1")
            #expect(error?.description.contains("invalid backup") == true && error?.description.contains(path) == true
                    && error?.description.contains("\n") == false,
                    "\(key) = \(value): one line naming \(path) expected, got \(String(describing: error))")
            #expect(try state(home) == before, "\(key) = \(value): a refused restore changed the store")
        }
    }

    @Test("a backup with another valid value for any setting restores it exactly", arguments: SettingsRegistry.all.map(\.key))
    func validValueRoundTrips(key: String) throws {
        let setting = try #require(SettingsRegistry.setting(key))
        let (home, backup) = try homeWithBackup()
        let value = Self.otherValidValue(for: setting)
        #expect(value != setting.defaultValue, "\(key): the test must restore a value other than the default")
        let file = try write(backup, setting: setting, value: value, home: home)
        // A command (reader.pager) is kept only on the user's word: here, --allow-commands. A
        // permission (mcp.allow-write) is never taken from a file: this machine's value stays.
        _ = try home.run("backup", "restore", file, "--yes", "--replace", "--allow-commands")
        let restored = try home.session().preferences().values[key]
        let expected = setting.grantsPermission ? setting.defaultValue : value
        #expect(restored == expected, "\(key): restored as \(String(describing: restored)), expected \(expected)")
        let exported = home.path + "/again.json"
        _ = try home.run("backup", "export", exported)
        let again = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: exported))) as? [String: Any])
        let group = (again["settings"] as? [String: Any])?[setting.group.rawValue] as? [String: Any]
        let roundTripped = try group.flatMap { try JSONValue(parsing: JSONSerialization.data(withJSONObject: $0)) }?.objectValue?[setting.name]
        #expect(roundTripped == expected, "\(key): exported again as \(String(describing: roundTripped)), expected \(expected)")
    }
}

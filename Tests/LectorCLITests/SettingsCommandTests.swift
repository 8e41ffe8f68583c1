import Foundation
import Testing
@testable import LectorCLI
@testable import LectorSettings

@Suite("Settings, dock, swipe and profile commands")
struct SettingsCommandTests {
    @Test("set stores a validated value that get and list then show as changed")
    func setGetList() throws {
        let home = TestHome()
        #expect(try home.run("settings", "set", "reader.bionic", "f3") == "reader.bionic: off → F3\n")
        #expect(try home.run("settings", "get", "reader.bionic") == "F3\n")
        let list = try home.run("settings", "list", "reader")
        #expect(list.split(separator: "\n").contains { $0.hasPrefix("reader.bionic\tF3\toff\tyes\t") }, "changed values are marked (the plain CHANGED column):\n\(list)")
        let stored = try home.store().settings.all()
        #expect(stored["reader.bionic"] == "\"F3\"", "the store holds canonical JSON, got \(stored)")
    }

    @Test("a wrong value is refused with the allowed values and the nearest one, and nothing is stored")
    func wrongValueRefused() throws {
        let home = TestHome()
        #expect(throws: CLIError.usage("sync.interval: 5 is outside 15…1440 minutes; did you mean 15?")) {
            try home.run("settings", "set", "sync.interval", "5")
        }
        let error = #expect(throws: CLIError.self) { try home.run("settings", "set", "reader.font", "clasic") }
        #expect(error?.description.contains("classic") == true, "the nearest value is suggested: \(String(describing: error))")
        #expect(try home.store().settings.all().isEmpty, "nothing stored after refusals")
    }

    @Test("an unknown key is 'not found' with the nearest key")
    func unknownKey() {
        let home = TestHome()
        let error = #expect(throws: CLIError.self) { try home.run("settings", "get", "reader.fnt") }
        #expect(error?.exitStatus == .notFound && error?.description.contains("reader.font") == true, "\(String(describing: error))")
    }

    @Test("reset returns a key, a group or everything to the defaults")
    func reset() throws {
        let home = TestHome()
        _ = try home.run("settings", "set", "reader.font", "news")
        _ = try home.run("settings", "set", "appearance.theme", "pure-dark")
        _ = try home.run("settings", "reset", "reader")
        #expect(try home.run("settings", "get", "reader.font") == "system\n")
        #expect(try home.run("settings", "get", "appearance.theme") == "pure-dark\n", "other groups untouched")
        _ = try home.run("settings", "reset", "--yes")
        #expect(try home.store().settings.all().isEmpty)
    }

    @Test("dock edits keep the list free of duplicates and unknown actions")
    func dockEdits() throws {
        let home = TestHome()
        _ = try home.run("dock", "remove", "share")
        _ = try home.run("dock", "add", "share", "--at", "1")
        #expect(try home.run("dock", "list").hasPrefix("1\tshare\n"))
        _ = try home.run("dock", "move", "share", "3")
        #expect(try home.run("dock", "list").contains("\n3\tshare\n"))
        #expect(throws: CLIError.self, "duplicates are refused") { try home.run("dock", "add", "share") }
        #expect(throws: CLIError.self, "unknown actions are refused") { try home.run("dock", "add", "teleport") }
        _ = try home.run("dock", "reset")
        #expect(try home.run("settings", "list", "dock", "--json").contains("\"changed\" : false"))
    }

    @Test("swipe set replaces one edge; more actions than an edge holds is refused")
    func swipeEdits() throws {
        let home = TestHome()
        _ = try home.run("swipe", "set", "leading", "share")
        #expect(try home.run("settings", "get", "swipe.leading") == "share\n")
        #expect(throws: CLIError.self) { try home.run("swipe", "set", "trailing", "share", "toggle-read", "toggle-star") }
        _ = try home.run("swipe", "set", "trailing", "none")
        #expect(try !home.run("swipe", "list").contains("trailing\t"), "no trailing rows in the plain list")
    }

    @Test("profile apply --dry-run changes nothing; apply changes exactly what it listed")
    func profileApply() throws {
        let home = TestHome()
        let preview = try home.run("profile", "apply", "night", "--dry-run")
        #expect(preview.contains("would change") && preview.contains("appearance.theme: system → midnight-dark"), "\(preview)")
        #expect(try home.store().settings.all().isEmpty, "a dry run stores nothing")
        _ = try home.run("profile", "apply", "night")
        #expect(try home.run("settings", "get", "appearance.theme") == "midnight-dark\n")
        #expect(try home.run("profile", "apply", "night").contains("Nothing to change"))
    }

    @Test("profile save writes a user profile that list, show and remove know; shipped ones cannot be removed")
    func profileSaveRemove() throws {
        let home = TestHome()
        _ = try home.run("settings", "set", "reader.font", "classic")
        _ = try home.run("profile", "save", "mine", "--description", "My own")
        #expect(try home.run("profile", "list").contains("mine\tuser"))
        #expect(try home.run("profile", "show", "mine").contains("reader.font = classic"))
        #expect(throws: CLIError.conflict("'night' is shipped with Lector and cannot be removed")) { try home.run("profile", "remove", "night") }
        _ = try home.run("profile", "remove", "mine")
        #expect(throws: CLIError.self) { try home.run("profile", "show", "mine") }
    }

    @Test("setting keys, values, actions and profiles complete")
    func completion() throws {
        let home = TestHome()
        let completer = Completer(openStore: { nil }, profiles: { ProfileCatalog(directories: home.session().directories).entries.map(\.profile) })
        func values(_ words: [String]) -> [String] { completer.complete(words).candidates.map(\.value) }
        #expect(values(["settings", "set", "reader.bi"]) == ["reader.bionic"])
        #expect(values(["settings", "set", "reader.bionic", "F"]) == ["F1", "F2", "F3", "F4", "F5"])
        #expect(values(["dock", "add", "sh"]) == ["share"])
        #expect(values(["swipe", "set", "lea"]) == ["leading"])
        #expect(values(["profile", "apply", "ni"]) == ["night"])
    }
}

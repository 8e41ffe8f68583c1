import Testing
@testable import LectorSettings

/// Where each setting acts is one table beside the declarations; the reference and `settings
/// list` read it, so docs/settings.md cannot call a key "only carried" that `browse` uses.
@Suite("Where each setting acts")
struct SettingUseTests {
    @Test("every declared key says where it acts, carried excludes the rest, and the table names no unknown key")
    func everyKeyHasAUse() {
        for setting in SettingsRegistry.all {
            #expect(!setting.uses.isEmpty, "\(setting.key) does not say where it acts")
            #expect(!(setting.uses.contains(.carried) && setting.uses.count > 1), "\(setting.key) is carried and used")
        }
        #expect(Set(SettingUses.byKey.keys) == Set(SettingsRegistry.all.map(\.key)))
    }

    @Test("docs/settings.md says browse acts on the swipes, the mark-all-read question, mark-read-on-scroll and the remembered reading position, and carries only what nothing reads")
    func referenceSaysWhereKeysAct() throws {
        let reference = try #require(fileText("docs/settings.md"))
        let lines = reference.split(separator: "\n").map(String.init)
        let carried = try #require(lines.first { $0.contains("a terminal has no use for") }, "the reference names no carried keys")
        for key in ["swipe.leading", "swipe.trailing", "list.confirm-mark-all-read", "sync.mark-read-on-scroll", "reader.remember-position"] {
            #expect(!carried.contains("`\(key)`"), "docs/settings.md calls \(key) only carried, but browse uses it")
            let row = lines.first { $0.hasPrefix("| `\(key)` |") } ?? ""
            #expect(row.contains("| browse |"), "\(key)'s row does not say browse acts on it: \(row)")
        }
        for key in ["reader.font-size", "list.show-favicons", "reader.open-links"] {
            #expect(carried.contains("`\(key)`"), "\(key) does nothing in Lector and the reference must say so")
        }
    }
}

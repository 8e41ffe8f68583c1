import Foundation
import LectorBasics
import Testing
@testable import LectorSettings

/// Format 1.4: the `rules` and `saved_searches` sections.
@Suite("Rules and saved searches in the backup document")
struct BackupRulesTests {
    static let rule: JSONValue = ["name": "storms", "expression": "title contains storm", "action": "star", "enabled": true,
                                  "account": "home", "feed": "https://example.org/tides.xml", "folder": .null]

    static func violations(_ edit: (inout [String: JSONValue]) -> Void) -> [String] {
        guard case .invalid(_, let found) = backupError(mutatedBackup(edit)) else { return [] }
        return found.map(\.description)
    }

    @Test("rules and saved searches read back unchanged, every field of a rule written")
    func roundTrip() throws {
        let bytes = mutatedBackup { root in
            root["rules"] = [Self.rule]
            root["saved_searches"] = [["name": "today", "expression": "age < 1d"]]
        }
        let (document, warnings) = try BackupReader.read(bytes)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(document.rules == [BackupRule(name: "storms", expression: "title contains storm", action: "star", enabled: true,
                                              account: "home", feed: "https://example.org/tides.xml")], "the rule changed on the way")
        #expect(document.savedSearches == [SavedSearch(name: "today", expression: "age < 1d")], "the saved search changed on the way")
        #expect(document.jsonValue.objectValue?["rules"] == [Self.rule], "the rule is not written with every field, nulls included")
    }

    @Test("a rule names its account when it is for a feed, is not for a feed and a folder at once, and names are unique in any case")
    func ruleChecks() {
        let problems = Self.violations { root in
            root["rules"] = [
                ["name": "a", "expression": "unread", "action": "read", "enabled": true, "account": .null, "feed": "https://x.example/f", "folder": .null],
                ["name": "b", "expression": "unread", "action": "read", "enabled": true, "account": "home", "feed": "https://x.example/f", "folder": "Tech"],
                ["name": "B", "expression": "unread", "action": "read", "enabled": true, "account": .null, "feed": .null, "folder": .null],
                ["name": "c", "expression": "", "action": "read", "enabled": "yes", "account": .null, "feed": "ftp://x", "folder": .null],
            ]
            root["saved_searches"] = [["name": "x", "expression": "unread"], ["name": "X", "expression": "starred"], ["name": "y"]]
        }
        #expect(problems == [
            "rules[0].account: a rule for a feed or a folder names its account",
            "rules[1]: a rule is for one feed or one folder, not both",
            "rules[2].name: a rule named 'B' is listed twice",
            "rules[3].expression: must not be empty",
            "rules[3].enabled: expected true or false, found a string",
            "rules[3].feed: not an http or https URL",
            "rules[3].account: a rule for a feed or a folder names its account",
            "saved_searches[1].name: a saved search named 'X' is listed twice",
            "saved_searches[2]: missing required field 'expression'",
        ], "\(problems)")
    }

    @Test("a newer minor version's unknown field in a rule is skipped with a warning and the rule kept")
    func newerMinorField() throws {
        var rule = Self.rule.objectValue ?? [:]
        rule["priority"] = 3
        let newer = "\(BackupFormat.current.major).\(BackupFormat.current.minor + 1)"
        let bytes = mutatedBackup { root in
            root["version"] = .string(newer)
            root["rules"] = [.object(rule)]
        }
        let (document, warnings) = try BackupReader.read(bytes)
        #expect(document.rules?.map(\.name) == ["storms"], "the rule was lost")
        #expect(warnings == ["rules[0].priority: skipped; unknown to this Lector (the file is format \(newer), this Lector reads \(BackupFormat.current.major).\(BackupFormat.current.minor))"], "\(warnings)")
    }

    @Test("a file without the sections (format 1.3) reads as before: no rules, no saved searches")
    func olderFile() throws {
        let (document, _) = try BackupReader.read(mutatedBackup { $0["version"] = "1.3" })
        #expect(document.rules == nil && document.savedSearches == nil)
    }
}

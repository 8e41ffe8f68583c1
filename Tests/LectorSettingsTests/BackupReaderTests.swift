import Foundation
import Testing
@testable import LectorSettings

private func message(_ bytes: Data) -> String? { backupError(bytes)?.message }

@Suite("Backup reading and validation")
struct BackupReaderTests {
    @Test("an exported backup reads back to the same document with no warnings")
    func roundTrip() throws {
        let preferences = Preferences(stored: ["reader.bionic": "F4", "swipe.trailing": ["share"], "summary.prompt": "Résumé:\n- points"])
        let bytes = exportedBackup(preferences: preferences)
        let (document, warnings) = try BackupReader.read(bytes)
        #expect(warnings.isEmpty, "no warnings for a current-version file: \(warnings)")
        #expect(document.accounts == sampleAccounts && document.subscriptions == sampleSubscriptions && document.readingList == sampleReadingList)
        #expect(document.settings == preferences.grouped, "settings survive the round trip")
        #expect(document.createdAt == "2026-11-30T00:53:20Z", "created_at is ISO-8601 UTC: \(document.createdAt)")
        #expect(document.encoded() == bytes, "re-encoding the document gives identical bytes")
    }

    @Test("the Codable model encodes to the same JSON as the exporter and decodes back")
    func codableAgreesWithExporter() throws {
        let (document, _) = try BackupReader.read(exportedBackup())
        let viaCodable = try JSONValue(parsing: JSONEncoder().encode(document))
        #expect(viaCodable == document.jsonValue, "Codable and the canonical writer must agree (nulls included)")
        #expect(try JSONDecoder().decode(BackupDocument.self, from: document.encoded()) == document, "Codable decodes the file")
    }

    @Test("optional sections may be absent")
    func optionalSections() throws {
        let (document, _) = try BackupReader.read(exportedBackup(accounts: [], subscriptions: nil, readingList: nil))
        #expect(document.subscriptions == nil && document.readingList == nil && document.accounts.isEmpty, "minimal backup")
    }

    @Test("a truncated file is refused with its line, column and byte offset")
    func truncated() {
        let bytes = exportedBackup()
        let cut = bytes.prefix(bytes.count / 2)
        let text = message(Data(cut))
        #expect(text?.hasPrefix("the backup file is not valid JSON: unexpected end of file at line ") == true, "\(text ?? "accepted")")
        #expect(text?.contains("(byte \(cut.count))") == true && text?.hasSuffix("the file looks truncated") == true, "\(text ?? "")")
        #expect(message(Data()) == "the backup file is empty")
        #expect(message(data("  \n")) == "the backup file is empty", "whitespace only is empty too")
    }

    @Test("non-JSON is refused with the position of the first bad character")
    func notJSON() {
        #expect(message(data("format = lector-backup\n")) == "the backup file is not valid JSON: expected a value but found 'format' at line 1, column 1 (byte 0)")
        #expect(message(data("{\n  \"format\": 'x'\n}")) == "the backup file is not valid JSON: expected a value but found ''' at line 2, column 13 (byte 14)")
    }

    @Test("a different kind of file is refused by its format name")
    func wrongFormat() {
        #expect(message(data(#"{"format": "opml"}"#)) == "not a Lector backup: its format is 'opml', expected 'lector-backup'")
        #expect(message(data(#"{"version": "1.0"}"#)) == "not a Lector backup: it has no \"format\" field, expected 'lector-backup'")
        #expect(message(data("[1, 2]")) == "invalid backup: expected a JSON object at the top level, found an array")
        #expect(message(mutatedBackup { $0["version"] = "1" }) == "the backup's version is '1'; expected major.minor such as 1.5")
    }

    @Test("a newer major version is refused with an upgrade message")
    func newerMajor() {
        #expect(backupError(mutatedBackup { $0["version"] = "2.0" }) == .newerMajor(.backup, found: FormatVersion(major: 2, minor: 0)))
        #expect(message(mutatedBackup { $0["version"] = "2.0" }) == "made by a newer Lector (backup format 2.0; this Lector reads 1.x): upgrade Lector")
        #expect(message(mutatedBackup { $0["version"] = "0.9" })?.contains("older than any this Lector reads") == true)
    }

    @Test("a newer minor version is read; its unknown keys are skipped with one warning each")
    func newerMinor() throws {
        let bytes = mutatedBackup { root in
            root["version"] = "1.6"
            root["themes"] = ["custom": "#000"]
            set(true, at: ["settings", "reader", "hyphenate"], in: &root)
            set(["x": 1], at: ["settings", "widgets"], in: &root)
            guard case .array(var accounts) = root["accounts"], case .object(var first) = accounts[0] else { return }
            first["colour"] = "blue"
            accounts[0] = .object(first)
            root["accounts"] = .array(accounts)
        }
        let (document, warnings) = try BackupReader.read(bytes)
        #expect(document.version == "1.6" && document.accounts == sampleAccounts, "known content is kept")
        #expect(warnings.sorted() == [
            "accounts[0].colour: skipped; unknown to this Lector (the file is format 1.6, this Lector reads 1.5)",
            "settings.reader.hyphenate: skipped; unknown to this Lector (the file is format 1.6, this Lector reads 1.5)",
            "settings.widgets: skipped; unknown to this Lector (the file is format 1.6, this Lector reads 1.5)",
            "themes: skipped; unknown to this Lector (the file is format 1.6, this Lector reads 1.5)",
        ], "one warning per skipped key: \(warnings)")
    }

    @Test("in a newer minor version a value this Lector does not know is skipped with a warning; in the current one it is an error")
    func newerMinorUnknownValue() throws {
        let newer = mutatedBackup { root in
            root["version"] = "1.6"
            set("sepia", at: ["settings", "appearance", "theme"], in: &root)
        }
        let (document, warnings) = try BackupReader.read(newer)
        #expect(document.settings["appearance"]?["theme"] == nil, "the unknown value is not restored")
        #expect(warnings == ["settings.appearance.theme: skipped, keeping the current value; 'sepia' is not one of system, light, dark, pure-dark, midnight-dark (the file is format 1.6, this Lector reads 1.5)"], "\(warnings)")
        let plan = BackupPlan(current: BackupState(preferences: Preferences(stored: ["appearance.theme": "dark"])), document: document, sections: [.settings])
        #expect(plan.isEmpty, "a skipped setting keeps its current value: \(plan.lines)")
        #expect(message(mutatedBackup { set("sepia", at: ["settings", "appearance", "theme"], in: &$0) })?.contains("'sepia' is not one of") == true)
    }

    @Test("the same unknown keys in a current-version file are errors with suggestions")
    func unknownKeysInCurrentVersion() {
        let bytes = mutatedBackup { set("x", at: ["settings", "reader", "fonts"], in: &$0) }
        #expect(message(bytes) == "invalid backup: settings.reader.fonts: unknown field; did you mean 'font'?")
        #expect(message(mutatedBackup { $0["reading-list"] = [] }) == "invalid backup: reading-list: unknown field; did you mean 'reading_list'?")
    }

    @Test("a field that looks like a secret is refused in every version and its value is not echoed")
    func secretsRefused() {
        for version in ["1.0", "1.7"] {
            let bytes = mutatedBackup { root in
                root["version"] = .string(version)
                guard case .array(var accounts) = root["accounts"], case .object(var first) = accounts[0] else { return }
                first["password"] = "hunter2"
                accounts[0] = .object(first)
                root["accounts"] = .array(accounts)
            }
            let text = message(bytes)
            #expect(text == "invalid backup: accounts[0].password: a backup never holds passwords or tokens; remove this field (secrets stay in the keyring)", "version \(version): \(text ?? "accepted")")
            #expect(text?.contains("hunter2") == false, "the secret must not be echoed")
        }
    }

    @Test("schema violations are reported with a path naming the place")
    func schemaViolations() {
        #expect(message(mutatedBackup { set("comic", at: ["settings", "reader", "font"], in: &$0) })
                == "invalid backup: settings.reader.font: 'comic' is not one of system, news, classic, sans")
        #expect(message(mutatedBackup { set("60", at: ["settings", "sync", "interval"], in: &$0) })
                == "invalid backup: settings.sync.interval: expected a whole number (15…1440 minutes), found a string")
        #expect(message(mutatedBackup { set(5, at: ["settings", "sync", "interval"], in: &$0) })
                == "invalid backup: settings.sync.interval: 5 is outside 15…1440 minutes; did you mean 15?")
        #expect(message(mutatedBackup { set(nil, at: ["settings", "reader", "font"], in: &$0) })
                == "invalid backup: settings.reader: missing setting 'font'")
        #expect(message(mutatedBackup { set(nil, at: ["settings", "swipe"], in: &$0) }) == "invalid backup: settings: missing group 'swipe'")
        #expect(message(mutatedBackup { $0["created_at"] = "yesterday" })
                == "invalid backup: created_at: 'yesterday' is not an ISO-8601 UTC time such as 2026-11-29T16:40:00Z")
        #expect(message(mutatedBackup { $0["accounts"] = "home" })
                == "invalid backup: accounts: expected an array, found a string (and 2 more problems)", "without accounts, references to 'home' fail too")
        #expect(message(mutatedBackup { $0["tool_version"] = nil }) == "invalid backup: missing required field 'tool_version'")
    }

    /// The store compares account names without case (SQLite's NOCASE, which folds A–Z only), so
    /// `L` and `l` are one account there: a file holding both cannot be restored as written.
    @Test("account names that differ only in ASCII case are refused as one name; other letters keep their case")
    func accountNamesWithoutCase() {
        let twins = [sampleAccounts[0], BackupAccount(kind: .local, name: "HOME", url: nil, user: nil, isDefault: false)]
        #expect(message(exportedBackup(accounts: twins, subscriptions: nil, readingList: nil))
                == "invalid backup: accounts[1].name: 'HOME' is already the name of accounts[0] ('home'); account names are compared without case")
        let distinct = [BackupAccount(kind: .local, name: "Ärger", url: nil, user: nil, isDefault: true),
                        BackupAccount(kind: .local, name: "ärger", url: nil, user: nil, isDefault: false)]
        #expect(message(exportedBackup(accounts: distinct, subscriptions: nil, readingList: nil)) == nil,
                "names the store tells apart (it folds only A–Z) must stay restorable")
    }

    @Test("duplicate account names and a second default account are refused")
    func accountRules() {
        let twins = [sampleAccounts[0], BackupAccount(kind: .fever, name: "home", url: "https://fever.example.org", user: nil, isDefault: false)]
        #expect(message(exportedBackup(accounts: twins, subscriptions: nil, readingList: nil))
                == "invalid backup: accounts[1].name: 'home' is already the name of accounts[0]; account names must be unique")
        var defaults = sampleAccounts
        defaults[2].isDefault = true
        #expect(message(exportedBackup(accounts: defaults))
                == "invalid backup: accounts[2].default: more than one default account (accounts[0] is already the default)")
        var odd = sampleAccounts
        odd[1].url = "https://al:secret@flux.example.com"
        let text = message(exportedBackup(accounts: odd))
        #expect(text == "invalid backup: accounts[1].url: the URL must not contain a user name or password", "\(text ?? "accepted")")
        let kind = mutatedBackup { root in
            guard case .array(var accounts) = root["accounts"], case .object(var first) = accounts[0] else { return }
            first["kind"] = "freshrs"
            accounts[0] = .object(first)
            root["accounts"] = .array(accounts)
        }
        #expect(message(kind) == "invalid backup: accounts[0].kind: 'freshrs' is not one of freshrss, miniflux, fever, feedbin, ttrss, local; did you mean 'freshrss'?")
    }

    @Test("subscriptions and the reading list must refer to known accounts and folders")
    func crossReferences() {
        let stray = ["nowhere": BackupSubscriptions(folders: [], feeds: [])]
        #expect(message(exportedBackup(subscriptions: stray)) == "invalid backup: subscriptions.nowhere: no account named 'nowhere' in accounts")
        let badFolder = ["home": BackupSubscriptions(folders: ["Tech"], feeds: [
            BackupFeed(title: "t", url: "https://a.example/feed", siteURL: nil, folder: "Tek"),
        ])]
        #expect(message(exportedBackup(subscriptions: badFolder))
                == "invalid backup: subscriptions.home.feeds[0].folder: 'Tek' is not in this account's folders; did you mean 'Tech'?")
        let twice = ["home": BackupSubscriptions(folders: [], feeds: [
            BackupFeed(title: "a", url: "https://a.example/feed", siteURL: nil, folder: nil),
            BackupFeed(title: "b", url: "https://a.example/feed", siteURL: nil, folder: nil),
        ])]
        #expect(message(exportedBackup(subscriptions: twice)) == "invalid backup: subscriptions.home.feeds[1].url: this feed is listed twice for the account")
        let orphan = [ReadingListEntry(account: "hom", articleURL: "https://x.example/a", title: "A")]
        #expect(message(exportedBackup(readingList: orphan)) == "invalid backup: reading_list[0].account: no account named 'hom' in accounts; did you mean 'home'?")
    }

    @Test("every violation is collected, the first in the message and a count of the rest")
    func allViolationsCollected() {
        let bytes = mutatedBackup { root in
            set("comic", at: ["settings", "reader", "font"], in: &root)
            set("loud", at: ["settings", "appearance", "theme"], in: &root)
            root["created_at"] = 7
        }
        guard case .invalid(.backup, let violations) = backupError(bytes) else {
            Issue.record("expected schema violations")
            return
        }
        #expect(violations.map(\.path) == ["created_at", "settings.appearance.theme", "settings.reader.font"], "\(violations)")
        #expect(message(bytes) == "invalid backup: created_at: expected a string, found a number (and 2 more problems)")
    }

    @Test("an unreadable path is reported without trying to parse")
    func unreadable() {
        #expect(throws: BackupError.unreadable("/nonexistent/backup.json")) {
            try BackupReader.read(contentsOf: URL(fileURLWithPath: "/nonexistent/backup.json"))
        }
    }
}

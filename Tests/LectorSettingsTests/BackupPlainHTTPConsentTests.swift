import Foundation
import Testing
@testable import LectorSettings

/// An account's consent to plain http (`plain_http_host`, format 1.1) travels in a backup, names
/// only the account's own http host, and files written before it read as no consent.
@Suite("Backup: the consent to plain http")
struct BackupPlainHTTPConsentTests {
    private static let consented = BackupAccount(kind: .freshrss, name: "lan", url: "http://freshrss.lan/api/greader.php",
                                                 user: "alice", isDefault: true, plainHTTPHost: "freshrss.lan")

    @Test("the consent is written and read back")
    func roundTrip() throws {
        let bytes = exportedBackup(accounts: [Self.consented], subscriptions: nil, readingList: nil)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"plain_http_host\": \"freshrss.lan\""), "the file carries the consent")
        let (document, warnings) = try BackupReader.read(bytes)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(document.accounts.first?.plainHTTPHost == "freshrss.lan", "the consent reads back")
    }

    @Test("a 1.0 file without the field reads, as no consent, without warnings")
    func olderFileReads() throws {
        let bytes = mutatedBackup { root in
            root["version"] = "1.0"
            guard case .array(let accounts)? = root["accounts"] else { return }
            root["accounts"] = .array(accounts.map { account in
                guard case .object(var members) = account else { return account }
                members["plain_http_host"] = nil
                return .object(members)
            })
        }
        let (document, warnings) = try BackupReader.read(bytes)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(!document.accounts.isEmpty && document.accounts.allSatisfy { $0.plainHTTPHost == nil }, "no consent is invented")
    }

    @Test("a consent for another host than the account's http url is refused")
    func consentForAnotherHostRefused() {
        var elsewhere = Self.consented
        elsewhere.plainHTTPHost = "evil.example"
        let message = backupError(exportedBackup(accounts: [elsewhere], subscriptions: nil, readingList: nil))?.message ?? "read without error"
        #expect(message.contains("accounts[0].plain_http_host") && message.contains("evil.example"), "\(message)")
        var https = Self.consented
        https.url = "https://freshrss.lan/api/greader.php"
        let onHTTPS = backupError(exportedBackup(accounts: [https], subscriptions: nil, readingList: nil))?.message ?? "read without error"
        #expect(onHTTPS.contains("plain_http_host"), "an https account has nothing to consent to: \(onHTTPS)")
    }
}

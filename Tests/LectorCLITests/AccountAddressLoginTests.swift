import Foundation
import Testing
@testable import LectorStore

/// A password written into an account's address (`https://user:PW@host/`, a server behind a
/// Basic-auth proxy) is refused with advice before any secret is asked for, on `account add`
/// and `account edit --url` alike; an address an older Lector stored with one is never listed,
/// shown, answered in JSON or backed up with it. Issue 39, P2.
@Suite("A password in an account's address is never kept", .serialized)
struct AccountAddressLoginTests {
    static let password = "Hunter2Secret"

    @Test("account add refuses an address with a login, with advice, storing nothing", arguments: ["freshrss", "miniflux"])
    func addRefuses(kind: String) throws {
        let home = TestHome()
        let added = try home.binary(["account", "add", kind, "--url", "https://alice:\(Self.password)@rss.example.org/", "--user", "alice",
                                     "--password-stdin"], stdin: "api-password\n")
        #expect(added.status == 2, "a usage error: \(added.status) \(added.stderr)")
        #expect(added.stderr.contains("--url https://rss.example.org/") && added.stderr.contains("keyring"),
                "the advice gives the address without the login: \(added.stderr)")
        #expect(!added.stderr.contains(Self.password) && !added.stdout.contains(Self.password), "the password is not repeated")
        let accounts = try home.store().accounts.all()
        #expect(!accounts.contains { $0.url?.contains(Self.password) == true }, "nothing stored: \(accounts.map(\.url))")
    }

    @Test("account edit --url refuses an address with a login")
    func editRefuses() throws {
        let home = TestHome()
        try home.store().accounts.insert(kind: .freshrss, name: "Server", url: "https://rss.example.org/api/greader.php/", username: "alice")
        let edited = try home.binary(["account", "edit", "Server", "--url", "https://alice:\(Self.password)@rss.example.org/"])
        #expect(edited.status == 2 && edited.stderr.contains("--url https://rss.example.org/"), "refused with advice: \(edited.stderr)")
        #expect(try home.store().accounts.named("Server")?.url?.contains(Self.password) == false, "the stored address is unchanged")
    }

    @Test("an address an older Lector stored with a login is listed, shown, answered and backed up without it")
    func legacyAddressNeverShown() throws {
        let home = TestHome()
        try home.store().accounts.insert(kind: .freshrss, name: "Old", url: "https://alice:\(Self.password)@rss.example.org/api/greader.php/",
                                         username: "alice")
        for words in [["account", "list"], ["account", "list", "--json"], ["account", "show", "Old"], ["account", "show", "Old", "--json"]] {
            let shown = try home.binaryOK(words, words.joined(separator: " "))
            #expect(!shown.stdout.contains(Self.password) && shown.stdout.contains("rss.example.org"),
                    "\(words.joined(separator: " ")) shows the address without the password: \(shown.stdout)")
        }
        let file = home.path + "/backup.json"
        try home.binaryOK(["backup", "export", file, "--sections", "accounts,settings"], "export")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!text.contains(Self.password) && text.contains("rss.example.org"), "the backup has the address without it")
        let other = TestHome()
        try other.binaryOK(["backup", "restore", file, "--yes"], "Lector's own restore takes the backup")
    }
}

import Foundation
import LectorAccounts
import LectorKeyring
import LectorStore
import LectorTestSupport
import Testing

/// Against an emulated Miniflux on loopback and the real keyring (scripts/with-test-keyring.sh).
@Suite("Accounts on a server: the login checked, the keyring first, the refusals, the ordered remove")
struct RemoteAccountLifecycleTests {
    typealias Home = AccountManagerTests.Home
    static let token = "token-\(UUID().uuidString)"

    private func server() throws -> LoopbackServer {
        let emulator = MinifluxEmulator(account: EmulatedAccount(username: "alice", password: "secret"), apiKey: Self.token)
        return try LoopbackServer(handler: emulator.handler)
    }

    private func add(_ manager: AccountManager, at server: LoopbackServer, name: String? = nil, secret: String = token) throws -> AddedAccount {
        let endpoint = try manager.newLoginEndpoint(kind: .miniflux, typed: server.url("").absoluteString, user: nil, plainHTTPConsented: false)
        return try manager.addRemote(kind: .miniflux, endpoint: endpoint, user: nil, secret: secret, name: name, plainHTTPConsented: false)
    }

    @Test("an account added once the server accepts the login keeps its secret in the keyring; removed, the secret goes with it")
    func addThenRemove() throws {
        let home = try Home()
        let server = try server()
        defer { server.stop() }
        let manager = home.manager()
        let added = try add(manager, at: server, name: "Reader")
        #expect(added.account.name == "Reader" && added.account.url != nil, "the account is stored with the address that answered")
        #expect(try manager.secret(for: added.account) == Self.token, "the secret must be in the keyring under the login")
        #expect(try manager.remove(added.account) == .unchanged, "no account is left to take the default")
        #expect(try manager.keyring.secret(for: AccountSecret.item(for: added.account)) == nil, "the secret must go with its account")
        #expect(try home.store.accounts.all().isEmpty, "the account must be gone")
    }

    @Test("a refused login stores nothing, neither account nor secret")
    func refusedLoginStoresNothing() throws {
        let home = try Home()
        let server = try server()
        defer { server.stop() }
        let manager = home.manager()
        #expect(throws: AccountsError.self, "a wrong token must be refused by the server") { try add(manager, at: server, secret: "wrong") }
        #expect(try home.store.accounts.all().isEmpty, "no account may be stored for a refused login")
    }

    @Test("a taken name and a login that is already an account are refused before the keyring is written")
    func refusals() throws {
        let home = try Home()
        let server = try server()
        defer { server.stop() }
        let manager = home.manager()
        let first = try add(manager, at: server, name: "Reader")
        defer { _ = try? manager.remove(first.account) }
        #expect(throws: AccountsError.nameTaken("reader"), "the name is taken, in any case") { try add(manager, at: server, name: "reader") }
        #expect(throws: AccountsError.loginTaken(by: "Reader"), "the same login under another name is the same account") {
            try add(manager, at: server, name: "Other")
        }
        #expect(try home.store.accounts.all().count == 1, "neither refusal may add an account")
    }

    @Test("a new secret is kept only once the server accepts it, and the account then no longer waits for its password")
    func replaceSecret() throws {
        let home = try Home()
        let server = try server()
        defer { server.stop() }
        let manager = home.manager()
        let added = try add(manager, at: server, name: "Reader")
        defer { _ = try? manager.remove(added.account) }
        try home.store.accounts.setNeedsPassword(added.account.id, true)
        #expect(throws: AccountsError.self, "a wrong secret must be refused") {
            try manager.replaceSecret(added.account, with: "wrong", plainHTTPConsented: false)
        }
        #expect(try manager.secret(for: added.account) == Self.token, "a refused secret must not replace the kept one")
        try manager.replaceSecret(added.account, with: Self.token, plainHTTPConsented: false)
        #expect(try home.store.accounts.named("Reader")?.needsPassword == false, "the account must no longer wait for its password")
        let local = try manager.addLocal(name: "Home")
        #expect(throws: AccountsError.localHasNoSecret(account: "Home"), "a local account has no secret") {
            try manager.checkSecretReplaceable(local)
        }
        #expect(try manager.testLogin(local) == nil, "a local account has no server to log in to")
        #expect(try manager.testLogin(added.account)?.info.name != nil, "the server answers a test login")
    }

    @Test("a Miniflux login without a user needs a token; another service needs --user; plain http elsewhere needs consent")
    func endpointRefusals() throws {
        let manager = try Home().manager()
        #expect(throws: AccountsError.userNeeded(.freshrss), "FreshRSS logs in with a user") {
            try manager.newLoginEndpoint(kind: .freshrss, typed: "https://rss.example.com", user: nil, plainHTTPConsented: false)
        }
        #expect(throws: AccountsError.plainHTTPRefused(host: "rss.example.com", account: nil), "plain http to another machine") {
            try manager.newLoginEndpoint(kind: .miniflux, typed: "http://rss.example.com", user: nil, plainHTTPConsented: false)
        }
    }
}

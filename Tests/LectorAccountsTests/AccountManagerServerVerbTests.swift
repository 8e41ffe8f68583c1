import Foundation
@testable import LectorAccounts
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// The account core's ways to an account's server — its provider, its administrator, a refresh
/// on the server — and the choice of the default account, against a real store, the test
/// keyring and the emulators on loopback.
@Suite("AccountManager's server verbs against the emulators", .serialized)
struct AccountManagerServerVerbTests {
    typealias World = EmulatedServerHome

    @Test("refreshOnServer asks Miniflux to fetch the feed (PUT /v1/feeds/{id}/refresh), then syncs, so what the fetch brought is stored")
    func refreshOneFeed() throws {
        let world = try World(.miniflux)
        world.feeds.publish(RemoteEntry(title: "Storm warning", url: "https://harbour.example/storm", published: Int64(Date().timeIntervalSince1970) - 5),
                            inFeedAt: World.harbourURL)
        world.server.clearLog()
        let report = try world.manager.refreshOnServer([try world.feed("Harbour News")], of: world.account, sync: World.syncRequest())
        #expect(report.accounts.map(\.account.name) == ["Server"] && report.accounts.map(\.outcome) == [.ok], "\(report.accounts.map(\.outcome))")
        #expect(world.calls.first == "PUT /v1/feeds/\(world.harbourID)/refresh", "the refresh must come before the sync: \(world.calls)")
        #expect(!world.calls.contains("PUT /v1/feeds/refresh"), "one feed asked, every feed refreshed")
        let stored = try world.articles()
        #expect(stored["Storm warning"] != nil, "what the server fetched is not stored: \(stored.keys.sorted())")
    }

    @Test("refreshOnServer with no feed named asks for every feed (PUT /v1/feeds/refresh); only the account named is synced")
    func refreshEveryFeed() throws {
        let world = try World(.miniflux)
        _ = try world.manager.addLocal(name: "Home")
        world.feeds.publish(RemoteEntry(title: "Other news", url: "https://other.example/news", published: Int64(Date().timeIntervalSince1970) - 5),
                            inFeedAt: World.otherURL)
        world.server.clearLog()
        let report = try world.manager.refreshOnServer(nil, of: world.account, sync: World.syncRequest(account: "Home"))
        #expect(world.calls.first == "PUT /v1/feeds/refresh", "\(world.calls)")
        #expect(report.accounts.map(\.account.name) == ["Server"], "the sync must be of the account refreshed: \(report.accounts.map(\.account.name))")
        #expect(try world.articles()["Other news"] != nil, "what the server fetched is not stored")
    }

    @Test("refreshOnServer on FreshRSS, whose API has no such call, is refused before anything is sent and nothing is synced")
    func refreshUnsupported() throws {
        let world = try World(.freshrss)
        world.server.clearLog()
        #expect(throws: AccountsError.administration(.refreshUnsupported(kind: .freshrss)), "the refusal names the service") {
            try world.manager.refreshOnServer(nil, of: world.account, sync: World.syncRequest())
        }
        #expect(!world.calls.contains { $0.contains("stream/contents") || $0.contains("subscription/list") }, "a refused refresh synced: \(world.calls)")
    }

    @Test("refreshOnServer on a local account only syncs it: Lector is its server")
    func refreshLocal() throws {
        let world = try World(.miniflux)
        let local = try world.manager.addLocal(name: "Home")
        world.server.clearLog()
        let report = try world.manager.refreshOnServer(nil, of: local, sync: World.syncRequest())
        #expect(report.accounts.map(\.account.name) == ["Home"] && report.accounts.map(\.outcome) == [.ok], "\(report.accounts.map(\.outcome))")
        #expect(world.server.requests.isEmpty, "refreshing a local account reached another account's server: \(world.calls)")
    }

    @Test("provider and administrator: a remote account's reach its server with the secret from the keyring; without it they are refused; a local account's is this machine")
    func providerAndAdministrator() throws {
        let world = try World(.miniflux)
        world.feeds.setFeedSetting(feed: world.harbourID, "block_filter_entry_rules", .string("EntryAuthor=(?i)bot"))
        let provider = try world.manager.provider(for: world.account)
        #expect(provider is MinifluxProvider, "a Miniflux account's provider is its server")
        world.server.clearLog()
        #expect(try provider.roles.userFilters?.userFilters() != nil, "the provider could not read the user's filters")
        #expect(!world.server.requests.isEmpty && world.server.requests.allSatisfy { $0.header("X-Auth-Token") == World.token },
                "the provider must ask the server with the keyring's token: \(world.calls)")
        let administrator = try world.manager.administrator(for: world.account)
        #expect(try administrator.serverSettings(of: try world.feed("Harbour News"))[.blockFilter] == "EntryAuthor=(?i)bot",
                "the administrator read the server's feed settings wrong")

        let local = try world.manager.addLocal(name: "Home")
        #expect(try world.manager.provider(for: local) is LocalProvider, "a local account's provider fetches here")
        #expect(try world.manager.administrator(for: local).provider is LocalProvider)

        _ = try world.manager.keyring.remove(AccountSecret.item(for: world.account))
        #expect(throws: AccountsError.missingSecret(account: "Server"), "no secret, no provider") { try world.manager.provider(for: world.account) }
        #expect(throws: AccountsError.missingSecret(account: "Server"), "no secret, no administrator") { try world.manager.administrator(for: world.account) }
    }

    @Test("makeDefault makes the account the default one, and only it")
    func makeDefault() throws {
        let home = try AccountManagerTests.Home()
        let manager = home.manager()
        let first = try manager.addLocal(name: "Home")
        let second = try manager.addLocal(name: "Work")
        #expect(try manager.account(named: nil).id == first.id, "the first account added is the default")
        try manager.makeDefault(second)
        #expect(try manager.account(named: nil).id == second.id, "the default did not move")
        #expect(try home.store.accounts.all().filter(\.isDefault).map(\.name) == ["Work"], "one default only")
        try manager.makeDefault(second)
        #expect(try home.store.accounts.all().filter(\.isDefault).map(\.name) == ["Work"], "making it default again changes nothing")
    }
}

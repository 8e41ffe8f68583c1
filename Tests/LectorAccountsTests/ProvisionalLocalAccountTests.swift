import Foundation
import LectorAccounts
import LectorStore
import Testing

@Suite("The provisional local account made when only the demo is there")
struct ProvisionalLocalAccountTests {
    typealias Home = AccountManagerTests.Home

    @Test("with only the demo, new data gets a local account, the default; left empty it goes and the demo is the default again")
    func emptyProvisionalAccountIsDropped() throws {
        let home = try Home()
        try DemoLibrary.seed(home.store)
        let demo = try home.manager().account(named: nil)
        let (account, provisional) = try home.manager().accountForNewData(named: nil)
        let made = try #require(provisional, "only the demo is there: a local account must be made")
        #expect(account.name == "Local" && account.kind == .local, "the account made is the local 'Local'")
        #expect(try home.manager().account(named: nil).id == account.id, "it is the default while the command runs")
        #expect(try made.settle(in: home.store) == .dropped, "nothing was added to it")
        #expect(try home.store.accounts.named("Local") == nil, "the empty account must be gone")
        #expect(try home.manager().account(named: nil).id == demo.id, "the demo must be the default again")
    }

    @Test("a provisional account that received a folder stays")
    func provisionalAccountWithDataStays() throws {
        let home = try Home()
        try DemoLibrary.seed(home.store)
        _ = try home.store.accounts.insert(kind: .local, name: "local")
        try home.store.accounts.setDefault(try #require(try home.store.accounts.all().first(where: \.isDemo)).id)
        let (account, provisional) = try home.manager().accountForNewData(named: nil)
        #expect(account.name == "Local 2", "a free name is chosen, without regard to case")
        _ = try home.store.folders.insert(accountID: account.id, serverID: "news", name: "News")
        #expect(try #require(provisional).settle(in: home.store) == .kept, "it holds a folder now")
        #expect(try home.store.accounts.named("Local 2") != nil, "the account must stay")
    }

    @Test("naming the demo for new data is refused; an account of one's own is used as it is")
    func demoNamedIsRefused() throws {
        let home = try Home()
        try DemoLibrary.seed(home.store)
        let demo = try home.manager().account(named: nil)
        #expect(throws: AccountsError.demoHoldsNoUserData(account: demo.name), "the demo holds no user data") {
            try home.manager().accountForNewData(named: demo.name)
        }
        let own = try home.manager().addLocal(name: "Home")
        let (account, provisional) = try home.manager().accountForNewData(named: "Home")
        #expect(account.id == own.id && provisional == nil, "an account of the user's needs no stand-in")
    }

    @Test("a provisional account whose command died before it added anything is dropped by the next run, the demo the default again")
    func abandonedProvisionalAccountIsDropped() throws {
        let home = try Home()
        try DemoLibrary.seed(home.store)
        let demo = try home.manager().account(named: nil)
        let (account, _) = try home.manager().accountForNewData(named: nil)
        #expect(try home.store.accounts.dropAbandonedProvisional(isRunning: { _ in true }).isEmpty,
                "while its command runs, the account must stay")
        #expect(try home.store.accounts.dropAbandonedProvisional(isRunning: { _ in false }) == [account.name],
                "its command is gone and it is empty: it must be dropped")
        #expect(try home.store.accounts.named(account.name) == nil, "the empty account must be gone")
        #expect(try home.manager().account(named: nil).id == demo.id, "the demo must be the default again")
    }

    @Test("the first feed filed in a provisional account settles it in that same write: a later kill keeps it")
    func firstFeedSettlesTheAccount() throws {
        let home = try Home()
        try DemoLibrary.seed(home.store)
        let (account, provisional) = try home.manager().accountForNewData(named: nil)
        _ = try home.store.feeds.insert(accountID: account.id, folderID: nil, serverID: "https://example.org/feed.xml",
                                        title: "Example", url: "https://example.org/feed.xml", siteURL: nil)
        #expect(try home.store.accounts.dropAbandonedProvisional(isRunning: { _ in false }).isEmpty,
                "an account holding a feed is the user's: no later run may drop it")
        #expect(try #require(provisional).settle(in: home.store) == .kept, "it holds a feed")
        #expect(try home.manager().account(named: nil).id == account.id, "it stays the default")
    }
}

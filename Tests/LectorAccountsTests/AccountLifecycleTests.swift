import Foundation
import LectorAccounts
import LectorStore
import Testing

@Suite("The account lifecycle in the core: add, rename, remove and the default hand-off")
struct AccountLifecycleTests {
    typealias Home = AccountManagerTests.Home

    @Test("a local account added ends the demo in the same operation and is the default")
    func addLocalDismissesTheDemo() throws {
        let home = try Home()
        try DemoLibrary.seed(home.store)
        let added = try home.manager().addLocal(name: "Home")
        let accounts = try home.store.accounts.all()
        #expect(accounts.map(\.name) == ["Home"], "the demo library must be gone once an account of one's own is there")
        #expect(added.isDefault, "the first account of one's own is the default")
    }

    @Test("a name already taken, in any case, is refused and adds nothing")
    func addLocalRefusesATakenName() throws {
        let home = try Home()
        let manager = home.manager()
        _ = try manager.addLocal(name: "Home")
        #expect(throws: AccountsError.self, "a second 'home' must be refused") { try manager.addLocal(name: "home") }
        #expect(try home.store.accounts.all().count == 1, "the refused account must not be stored")
    }

    @Test("removing the default hands it to the one account left; the demo does not count")
    func removeHandsTheDefaultToTheOneLeft() throws {
        let home = try Home()
        let manager = home.manager()
        let first = try manager.addLocal(name: "Home")
        let second = try manager.addLocal(name: "Work")
        _ = try home.store.accounts.insert(kind: .local, name: "Demo", isDemo: true)
        let after = try manager.remove(first)
        #expect(after == .handedTo(try #require(try home.store.accounts.named("Work"))), "Work is the only account of the user's left")
        #expect(try manager.account(named: nil).id == second.id, "the store must say Work is the default too")
    }

    @Test("removing the default among several leaves the choice to the user; removing another changes nothing")
    func removeAmongSeveral() throws {
        let home = try Home()
        let manager = home.manager()
        let first = try manager.addLocal(name: "A")
        let second = try manager.addLocal(name: "B")
        _ = try manager.addLocal(name: "C")
        _ = try manager.addLocal(name: "D")
        #expect(try manager.remove(second) == .unchanged, "B was not the default")
        #expect(try manager.remove(first) == .leftToChoose, "C and D are left: neither may be chosen for the user")
        #expect(throws: AccountsError.noDefaultAccount, "no account is the default now") { try manager.account(named: nil) }
    }

    @Test("an empty name is refused before the store is asked; a taken one by the store")
    func renameRules() throws {
        let home = try Home()
        let manager = home.manager()
        let account = try manager.addLocal(name: "Home")
        _ = try manager.addLocal(name: "Work")
        #expect(throws: AccountsError.emptyName, "white space is no name") { try manager.rename(account, to: " \t") }
        #expect(throws: AccountsError.self, "Work is taken") { try manager.rename(account, to: "work") }
        try manager.rename(account, to: "House")
        #expect(try home.store.accounts.named("House")?.id == account.id, "the rename must be stored")
    }

    @Test("an edit is checked before anything changes: a new name taken, a server address for a local account")
    func editIsPlannedFirst() throws {
        let home = try Home()
        let manager = home.manager()
        let account = try manager.addLocal(name: "Home")
        _ = try manager.addLocal(name: "Work")
        #expect(throws: AccountsError.newNameTaken("Work"), "the other account's name, as it is spelt") {
            try manager.planEdit(account, name: "WORK", url: nil, user: nil, plainHTTPConsented: false)
        }
        #expect(throws: AccountsError.localHasNoServer(account: "Home"), "a local account has no address") {
            try manager.planEdit(account, name: nil, url: "https://example.com", user: nil, plainHTTPConsented: false)
        }
        let same = try manager.planEdit(account, name: "Home", url: nil, user: nil, plainHTTPConsented: false)
        let outcome = try manager.applyEdit(same)
        #expect(!outcome.renamed && outcome.movedLogin == nil, "its own name again is no change")
    }
}

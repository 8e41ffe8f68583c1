import Foundation
@testable import LectorAccounts
import LectorStore
import LectorSync
import Testing

@Suite("A feed check run")
struct FeedCheckRunTests {
    @Test("with only the demo library there is nothing to check; its made-up feeds are never asked")
    func demoIsNotChecked() throws {
        let home = try AccountManagerTests.Home()
        try DemoLibrary.seedIfFirstRun(home.store)
        #expect(throws: AccountsError.nothingToCheck, "the demo library alone must be refused") {
            try home.manager().accountsToCheck(named: nil)
        }
    }

    @Test("a remote account whose secret is not at hand is still checked, with its shortfall said and no administrator for repairs")
    func accountWithoutSecretIsCheckedFromHere() throws {
        let home = try AccountManagerTests.Home()
        let account = try home.store.accounts.insert(kind: .miniflux, name: "Away", url: "http://127.0.0.1:9/", username: nil)
        let manager = home.manager()
        let run = try manager.checkFeeds(try manager.accountsToCheck(named: nil), staleAfterDays: 30, credentials: { _ in nil }, now: Date())
        #expect(run.accounts.map(\.id) == [account.id], "the remote account is among those checked")
        #expect(run.administrators[account.id] == nil, "no administrator without the account's secret")
        guard case .withoutServer(let named, _)? = run.shortfalls.first, named.id == account.id else {
            Issue.record("the account's shortfall is not said: \(run.shortfalls)")
            return
        }
        #expect(run.repairs.isEmpty, "nothing to repair in an account without feeds")
    }
}

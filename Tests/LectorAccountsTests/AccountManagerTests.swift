import Foundation
import LectorAccounts
import LectorHTTP
import LectorKeyring
import LectorStore
import Testing

@Suite("The account core's lookups")
struct AccountManagerTests {
    /// A store of its own in a temporary directory, removed with the value.
    final class Home {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-accounts-\(UUID().uuidString)")
        let store: Store
        init() throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            store = try Store(path: directory.appendingPathComponent("lector.sqlite").path)
        }
        deinit { try? FileManager.default.removeItem(at: directory) }

        func manager() -> AccountManager {
            AccountManager(store: store, keyring: LibsecretKeyring(), http: { HTTPClient() })
        }
    }

    @Test("an unknown name is refused with the names there are, for a 'did you mean'; with no name the default is found")
    func lookupByNameAndDefault() throws {
        let home = try Home()
        let manager = home.manager()
        #expect(throws: AccountsError.noDefaultAccount, "an empty store has no default account") { try manager.account(named: nil) }
        let first = try home.store.accounts.insert(kind: .local, name: "Home")
        _ = try home.store.accounts.insert(kind: .local, name: "Work")
        #expect(throws: AccountsError.unknownAccount(name: "Hom", known: ["Home", "Work"]), "the refusal names what there is") {
            try manager.account(named: "Hom")
        }
        #expect(try manager.account(named: "work").name == "Work", "names are matched without regard to case")
        #expect(try manager.account(named: nil).id == first.id, "the first account added is the default")
    }
}

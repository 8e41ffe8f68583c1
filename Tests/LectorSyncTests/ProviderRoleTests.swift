import Foundation
import LectorBasics
import LectorFeeds
import LectorHTTP
import LectorStore
import LectorSync
import Testing

/// Issue 40, item 3: a provider's optional wire roles are declared by its kind's descriptor, not
/// defaulted to "does nothing": the roles each kind's provider hands out are exactly the ones its
/// descriptor declares, and a local account's provider plays no server's part.
@Suite("Provider roles are the descriptor's")
struct ProviderRoleTests {
    @Test("each kind's provider plays exactly the roles its descriptor declares")
    func rolesMatchTheDescriptor() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-roles-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Store(path: directory.appendingPathComponent("lector.sqlite").path)
        for kind in AccountKind.allCases {
            let service = kind.service
            let account = try store.accounts.insert(kind: kind, name: "roles-\(kind.rawValue)",
                                                    url: kind.hasServer ? "https://\(kind.rawValue).example/" : nil,
                                                    username: kind.hasServer ? "alice" : nil)
            // Made as the account core makes it; nothing is sent.
            let provider = try service.provider(ProviderContext(account: account, secret: "secret", http: HTTPClient()))
            #expect(provider.roles.played == service.providerRoles,
                    "\(kind): the provider plays \(provider.roles.played.map(\.rawValue).sorted()), its descriptor declares \(service.providerRoles.map(\.rawValue).sorted())")
            #expect(service.providerRoles.contains(.pull) == kind.hasServer, "\(kind): pulls from a server only where it has one")
        }
    }

    @Test("a local account's provider has no pull calls to refuse: the engine is told it has no server")
    func localPullsNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-roles-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Store(path: directory.appendingPathComponent("lector.sqlite").path)
        let account = try store.accounts.insert(kind: .serverless, name: "home", url: nil, username: nil)
        let provider = LocalProvider(fetcher: FeedFetcher(http: HTTPClient()))
        #expect(provider.roles.pull == nil && provider.roles.labels == nil && provider.roles.feedSettings == nil)
        #expect(throws: SyncError.self) { try SyncEngine(store: store, account: account, provider: provider).run(since: nil) }
    }
}

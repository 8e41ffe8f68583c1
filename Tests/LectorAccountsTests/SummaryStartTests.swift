import Foundation
import LectorAccounts
import LectorHTTP
import LectorKeyring
import LectorSettings
import LectorStore
import Testing

@Suite("A summary asks the settings and the cache before the keyring")
struct SummaryStartTests {
    typealias Home = AccountManagerTests.Home

    /// A keyring that cannot answer, as a locked one or a missing Secret Service does: the real
    /// one cannot be made to fail for one test while other tests use it.
    struct UnreachableKeyring: SecretStore {
        func store(_ secret: String, for item: SecretItem) throws(KeyringError) { throw .locked }
        func secret(for item: SecretItem) throws(KeyringError) -> String? { throw .locked }
        func remove(_ item: SecretItem) throws(KeyringError) -> Bool { throw .locked }
        func removeAll(accountID: String) throws(KeyringError) -> Bool { throw .locked }
        func removeAll(feedID: String, url: String) throws(KeyringError) -> Bool { throw .locked }
        func status() -> KeyringStatus { .unavailable(.locked) }
    }

    private func demoArticle(_ home: Home) throws -> Int64 {
        try DemoLibrary.seed(home.store)
        return Int64(try home.store.database.scalarInt("SELECT min(id) FROM articles"))
    }

    @Test("a cached summary needs no keyring; a request needs one that answers, except for Ollama")
    func cacheBeforeKeyring() throws {
        let home = try Home()
        let id = try demoArticle(home)
        let manager = AccountManager(store: home.store, keyring: UnreachableKeyring(), http: { HTTPClient() })
        let openAI = Preferences(stored: ["summary.provider": "openai", "summary.model": "m"])
        #expect(throws: AccountsError.keyring(.locked), "a locked keyring must not turn into 'no key'") {
            try manager.startSummary(of: id, preferences: openAI, refresh: false)
        }
        let ollama = Preferences(stored: ["summary.provider": "ollama", "summary.model": "m"])
        guard case .ask(let job) = try manager.startSummary(of: id, preferences: ollama, refresh: false) else {
            Issue.record("Ollama needs no key: the request must go on")
            return
        }
        #expect(job.request.apiKey == nil, "no key was read")
        try manager.keep("Short.", of: job)
        guard case .cached(let text, _) = try manager.startSummary(of: id, preferences: ollama, refresh: false) else {
            Issue.record("the summary just kept must come from the cache")
            return
        }
        #expect(text == "Short.", "the cached text is the one kept")
        guard case .ask = try manager.startSummary(of: id, preferences: ollama, refresh: true) else {
            Issue.record("refresh must pass the cache by")
            return
        }
    }

    @Test("summaries that are off, or an article that is not there, are refused before anything else")
    func refusals() throws {
        let home = try Home()
        let id = try demoArticle(home)
        let manager = AccountManager(store: home.store, keyring: UnreachableKeyring(), http: { HTTPClient() })
        let off = Preferences(stored: [:])
        #expect(throws: AccountsError.self, "no provider is chosen") { try manager.startSummary(of: id, preferences: off, refresh: false) }
        #expect(throws: AccountsError.unknownArticle(-1), "no such article") { try manager.startSummary(of: -1, preferences: off, refresh: false) }
    }
}

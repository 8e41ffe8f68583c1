import Testing
@testable import LectorStore

@Suite("Demo library")
struct DemoLibraryTests {
    @Test("a first run with no account seeds folders, feeds and articles, some read and some starred")
    func seedsOnFirstRun() throws {
        let temporary = try TemporaryStore()
        #expect(try DemoLibrary.seedIfFirstRun(temporary.store))
        #expect(try temporary.count("folders") >= 2)
        #expect(try temporary.count("feeds") >= 4)
        let states = try temporary.store.database.query("SELECT read, starred FROM article_state") { ($0.string(0), $0.bool(1)) }
        #expect(states.contains { $0.0 == "read" } && states.contains { $0.0 == "unread" } && states.contains { $0.1 })
        #expect(try temporary.store.accounts.all().allSatisfy(\.isDemo), "demo content must be marked as such")
    }

    @Test("the demo's plain text holds no markup (the browse preview and search show it as it is stored)")
    func plainTextHasNoMarkup() throws {
        let temporary = try TemporaryStore()
        #expect(try DemoLibrary.seedIfFirstRun(temporary.store))
        let texts = try temporary.store.database.query("SELECT text FROM articles") { $0.string(0) }
        #expect(!texts.isEmpty)
        #expect(texts.filter { $0.contains("<") || $0.contains(">") }.isEmpty, "\(texts.filter { $0.contains("<") })")
        #expect(texts.contains { $0.contains("queues an intent in the same transaction") }, "the words of a tag stay")
    }

    @Test("once dismissed, the demo does not come back on its own")
    func dismissedStaysAway() throws {
        let temporary = try TemporaryStore()
        try DemoLibrary.seedIfFirstRun(temporary.store)
        try DemoLibrary.dismiss(temporary.store)
        #expect(try temporary.count("articles") == 0)
        #expect(try DemoLibrary.seedIfFirstRun(temporary.store) == false)
        try DemoLibrary.seed(temporary.store)
        #expect(try DemoLibrary.isPresent(temporary.store), "'demo on' brings it back explicitly")
    }

    @Test("no demo is seeded when a real account exists")
    func noDemoWithRealAccount() throws {
        let temporary = try TemporaryStore()
        try temporary.store.accounts.insert(kind: .local, name: "Mine")
        #expect(try DemoLibrary.seedIfFirstRun(temporary.store) == false)
    }
}

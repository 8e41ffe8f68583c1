import Foundation
import Testing
@testable import LectorCLI
@testable import LectorStore

/// The demo library is sample content: nothing the user adds goes into it, so nothing the user
/// added is lost when it goes.
@Suite("The demo never holds user data")
struct DemoSeparationTests {
    private func opmlFile(in home: TestHome) throws -> String {
        let path = home.path + "/mine.opml"
        try FileManager.default.createDirectory(atPath: home.path, withIntermediateDirectories: true)
        try Data("""
            <?xml version="1.0"?><opml version="2.0"><head><title>mine</title></head><body>
            <outline text="Work"><outline text="Ledger" type="rss" xmlUrl="https://ledger.example/feed.xml"/></outline>
            <outline text="Quill" type="rss" xmlUrl="https://quill.example/rss"/>
            </body></opml>
            """.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("importing OPML with only the demo creates a local account, and demo off and a new account keep the feeds")
    func importGoesToARealAccount() throws {
        let home = TestHome()
        #expect(try DemoLibrary.isPresent(home.store()), "a first run seeds the demo")
        _ = try home.run("opml", "import", try opmlFile(in: home))
        let store = try home.store()
        let owner = try #require(try store.accounts.all().first { !$0.isDemo }, "a real account was created for the import")
        #expect(owner.kind == .local && owner.isDefault, "a local account, now the default: \(owner)")
        #expect(try store.feeds.list(accountID: owner.id).count == 2, "both feeds are in it")
        let demo = try #require(try store.accounts.all().first(where: \.isDemo))
        #expect(try !store.feeds.list(accountID: demo.id).contains { $0.feed.url.contains("ledger") }, "nothing went into the demo")

        _ = try home.run("demo", "off")
        _ = try home.run("account", "add", "local", "--name", "Second")
        #expect(try home.store().feeds.list(accountID: owner.id).map(\.feed.title).sorted() == ["Ledger", "Quill"],
                "demo off and the first account add delete nothing the user added")
    }

    @Test("naming the demo account for a feed or folder is refused with the way out")
    func namingTheDemoIsRefused() throws {
        let home = TestHome()
        _ = try home.store()
        #expect(throws: CLIError.self) { try home.run("folder", "add", "Mine", "--account", "Demo") }
        do {
            _ = try home.run("opml", "import", try opmlFile(in: home), "--account", "Demo")
            Issue.record("importing into the demo must be refused")
        } catch let error as CLIError {
            #expect(error.exitStatus == .usage && error.description.contains("account add"), "\(error)")
        }
        #expect(try home.store().accounts.all().allSatisfy(\.isDemo), "a refusal creates nothing")
    }
}

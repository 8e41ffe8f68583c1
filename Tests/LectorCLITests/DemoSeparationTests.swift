import Foundation
import Testing
import LectorTestSupport
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

    @Test("with only the demo, a command that adds nothing — it failed, or only planned — leaves no account behind and the demo the default",
          arguments: [["feed", "add", "http://127.0.0.1:9/feed.xml"], ["opml", "import", "missing.opml"],
                      ["feed", "apply", "PLAN", "--dry-run"], ["folder", "add", " "], ["opml", "import", "EMPTY"]])
    func nothingAddedLeavesNoAccount(_ command: [String]) throws {
        let home = TestHome()
        _ = try home.store()
        let empty = home.path + "/empty.opml"
        let words = try command.map { $0 == "PLAN" ? try opmlFile(in: home) : $0 == "EMPTY" ? empty : $0 }
        try Data("<?xml version=\"1.0\"?><opml version=\"2.0\"><body></body></opml>".utf8).write(to: URL(fileURLWithPath: empty))
        let result = try runProcess(TestBinary.path, words, environment: home.environment)
        #expect(!result.stdout.contains("into 'Local'"), "\(command): no feed went into an account that is gone again: \(result.stdout)")
        #expect(!result.stderr.contains("created the local account"), "\(command): no account was kept, so none is announced: \(result.stderr)")
        let accounts = try home.store().accounts.all()
        let names = accounts.map(\.name).joined(separator: ", ")
        #expect(accounts.allSatisfy { $0.isDemo }, "\(command) (exit \(result.status)) left an account: \(names)")
        let demoIsDefault = try home.store().accounts.defaultAccount()?.isDemo == true
        #expect(demoIsDefault, "\(command): the demo is the default again")
    }

    @Test("with only the demo, a feed that is added creates the local account and says so")
    func addingAFeedCreatesTheAccount() throws {
        let site = try LoopbackServer { _ in .text(FeedSite.rss("Mine", items: ["One"]), headers: [("Content-Type", "application/rss+xml")]) }
        let home = TestHome()
        _ = try home.store()
        let result = try runProcess(TestBinary.path, ["feed", "add", site.url("/feed.xml").absoluteString], environment: home.environment)
        #expect(result.status == 0 && result.stderr.contains("created the local account 'Local'"), "exit \(result.status): \(result.stderr)")
        let owner = try #require(try home.store().accounts.defaultAccount())
        #expect(owner.name == "Local" && !owner.isDemo, "the new account is the default: \(owner)")
    }
}

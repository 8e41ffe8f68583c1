import Foundation
import Testing
import LectorTestSupport

/// The README's quick start, typed as it is written, against the FreshRSS and the Miniflux
/// emulators: add the account, sync, list, read, browse (off a terminal: the list), a rule, and
/// a backup restored into a second home (the other machine), whose sync works after the password.
/// Only what a terminal would supply is added: the server's address for the example one, the
/// password on stdin (`--password-stdin`) and `--yes` for the restore's question.
@Suite("The README's quick start, end to end", .serialized,
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct QuickStartTests {
    /// The `lector …` lines of the README's "Quick start" code blocks, in order.
    static func quickStart() throws -> [[String]] {
        let readme = try String(contentsOfFile: TestBinary.repositoryRoot + "/README.md", encoding: .utf8)
        let section = readme.components(separatedBy: "\n## Quick start\n").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        var commands: [[String]] = []
        var inCode = false
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            guard inCode, line.hasPrefix("lector ") else { continue }
            commands.append(try shellWords(String(line.prefix { $0 != "#" })))
        }
        return commands
    }

    /// Splits a command line as the shell would for these lines: words, and '…' quoted words.
    static func shellWords(_ line: String) throws -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var inWord = false
        for character in line {
            if character == "'" { quoted.toggle(); inWord = true; continue }
            if character == " " && !quoted {
                if inWord { words.append(word) }
                word = ""; inWord = false
                continue
            }
            word.append(character); inWord = true
        }
        if inWord { words.append(word) }
        return Array(words.dropFirst())  // "lector"
    }

    @Test("the quick start runs as written", arguments: ["freshrss", "miniflux"])
    func quickStartRuns(kind: String) throws {
        let lines = try Self.quickStart()
        #expect(lines.contains { $0.starts(with: ["account", "add", "freshrss"]) } && lines.contains { $0.starts(with: ["account", "add", "miniflux"]) },
                "the quick start adds a FreshRSS or a Miniflux account")
        #expect(lines.contains { $0.starts(with: ["backup", "restore"]) } && lines.contains { $0.first == "browse" } && lines.contains { $0.first == "rule" })

        let feeds = FeedStore()
        let feed = feeds.addFeed(title: "Coins", feedURL: "https://coins.example/feed.xml", siteURL: "https://coins.example/")
        let now = Int64(Date().timeIntervalSince1970)
        feeds.addItem(feed: feed, title: "Bitcoin surges again", url: "https://coins.example/1", content: "<p>Up.</p>", published: now - 120)
        feeds.addItem(feed: feed, title: "Harbour lights restored", url: "https://coins.example/2", content: "<p>Lights.</p>", published: now - 60)
        let service = try ServiceUnderTest.start(kind, feeds: feeds)
        let oldMachine = TestHome()
        let newMachine = TestHome()
        let directory = NSTemporaryDirectory() + "lector-quickstart-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        var home = oldMachine
        for var words in lines {
            if words.starts(with: ["account", "add"]) {
                guard words[2] == kind else { continue }
                if let url = words.firstIndex(of: "--url") { words[url + 1] = service.server.baseURL.absoluteString }
            }
            var stdin: String?
            if words.starts(with: ["account", "add"]) || words.starts(with: ["account", "password"]) {
                words.append("--password-stdin")
                stdin = service.secret + "\n"
            }
            if words.starts(with: ["backup", "restore"]) {
                home = newMachine   // the file was carried to the other machine
                words.append("--yes")
            }
            words = words.map { $0.hasSuffix(".json") ? directory + "/" + $0 : $0 }
            let result = try runProcess(TestBinary.path, words, environment: home.environment, stdin: stdin)
            #expect(result.status == 0, "lector \(words.joined(separator: " ")) exited \(result.status): \(result.stderr)")
            if words == ["article", "list", "--unread"] {
                #expect(result.stdout.contains("Bitcoin surges again") && result.stdout.contains("Harbour lights restored"),
                        "the synced articles are listed:\n\(result.stdout)")
            }
            if words.first == "rule", words.dropFirst().first == "apply" {
                #expect(result.stdout.contains("Bitcoin surges again") && !result.stdout.contains("Harbour"), "rule apply acts on what matches:\n\(result.stdout)")
            }
            if words.first == "rule", words.dropFirst().first == "test" {
                #expect(result.stdout.contains("Bitcoin surges again") && !result.stdout.contains("Harbour"), "rule test shows what matches:\n\(result.stdout)")
            }
        }
        let unreadBefore = try runProcess(TestBinary.path, ["article", "list", "--unread"], environment: oldMachine.environment)
        #expect(!unreadBefore.stdout.contains("Bitcoin"), "the rule marked the matching article read:\n\(unreadBefore.stdout)")
        let rules = try runProcess(TestBinary.path, ["rule", "list"], environment: newMachine.environment)
        #expect(rules.stdout.contains("crypto"), "the rule came to the other machine:\n\(rules.stdout)")
        let articles = try runProcess(TestBinary.path, ["article", "list"], environment: newMachine.environment)
        #expect(articles.stdout.contains("Harbour lights restored"), "the other machine synced the account:\n\(articles.stdout)\n\(articles.stderr)")
    }
}

import Foundation
import Testing
import LectorTestSupport
@testable import LectorCLI
@testable import LectorStore

@Suite("Commands over the store")
struct CommandTests {
    @Test("a first run shows the demo library in feed and article lists")
    func firstRunShowsDemo() throws {
        let home = TestHome()
        let feeds = try home.run("feed", "list")
        #expect(feeds.contains("Lector Project Notes"), "demo feeds expected, got:\n\(feeds)")
        let articles = try home.run("article", "list", "--unread")
        #expect(!articles.isEmpty && articles.split(separator: "\n").allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).dropFirst(6).first == "no" },
                "unread rows expected (READ no):\n\(articles)")
    }

    @Test("--json prints one JSON document with the documented keys")
    func jsonOutput() throws {
        let home = TestHome()
        let data = Data(try home.run("article", "list", "--json", "--starred").utf8)
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(!array.isEmpty)
        for object in array {
            for key in ["id", "feed", "title", "url", "published", "read", "starred"] {
                #expect(object.keys.contains(key), "article JSON misses '\(key)': \(object)")
            }
            #expect(object["starred"] as? Bool == true, "--starred must only list starred articles")
        }
    }

    @Test("filters by folder and feed")
    func filters() throws {
        let home = TestHome()
        let science = try home.run("feed", "list", "--folder", "science", "--json")
        let titles = try (JSONSerialization.jsonObject(with: Data(science.utf8)) as? [[String: Any]])?.compactMap { $0["title"] as? String }
        #expect(titles == ["Field Notes from the Observatory", "Tide Tables & Coastlines"])
        let kitchen = try home.run("article", "list", "--feed", "The Slow Kitchen", "--json")
        let feeds = try (JSONSerialization.jsonObject(with: Data(kitchen.utf8)) as? [[String: Any]])?.compactMap { $0["feed"] as? String }
        #expect(Set(feeds ?? []) == ["The Slow Kitchen"])
    }

    @Test("the list's unread and starred counters count what the list is of: the library, a folder, a feed")
    func countersFollowTheFilter() throws {
        let home = TestHome()
        // The counts are for people: on a terminal only.
        func counters(_ filter: String...) throws -> String {
            try runAtTerminal(home, ["article", "list"] + filter, answer: "", after: "\u{0}never").stdout
                .split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        }
        func expected(_ filter: String...) throws -> String {
            let data = Data(try home.run(["article", "list", "--json", "--all", "--limit", "500"] + filter).utf8)
            let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            let unread = rows.filter { $0["read"] as? Bool == false }.count, starred = rows.filter { $0["starred"] as? Bool == true }.count
            return "\(unread) unread · \(starred) starred"
        }
        #expect(try counters() == expected(), "the whole library")
        #expect(try counters("--folder", "Science") == expected("--folder", "Science"), "one folder")
        #expect(try counters("--feed", "Swift on Servers Weekly") == expected("--feed", "Swift on Servers Weekly"), "one feed")
        #expect(try counters("--folder", "Science") != counters(), "the demo's Science folder holds fewer than the library")
    }

    @Test("a feed or folder named in an --account that does not hold it says which account has it")
    func namedElsewhereSaysWhere() throws {
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Mine")
        try home.addFeed(title: "Harbour News", folder: "Coast", account: "Other")
        _ = try home.run("account", "use", "Mine")
        // Without --account the name is found in the one account that has it (FirstHourFrictionTests).
        for words in [["feed", "move", "Harbour News", "Elsewhere", "--account", "Mine"], ["folder", "rename", "Coast", "Shore", "--account", "Mine"]] {
            let error = #expect(throws: CLIError.self) { try home.run(words) }
            #expect(error?.exitStatus == .notFound && error?.description.contains("'Other' has one: pass --account Other") == true,
                    "\(words): \(String(describing: error))")
        }
    }

    @Test("removing the default account hands the default to the one account left, or says to choose among several")
    func removingTheDefault() throws {
        let home = TestHome()
        for name in ["A", "B", "C"] { _ = try home.run("account", "add", "local", "--name", name) }
        _ = try home.run("account", "use", "C")
        let several = try home.run("account", "remove", "C", "--yes")
        #expect(several.contains("no default account now") && several.contains("account use"), "\(several)")
        _ = try home.run("account", "use", "B")
        let one = try home.run("account", "remove", "B", "--yes")
        #expect(one.contains("'A' is now the default account"), "\(one)")
        let listed = try home.run("account", "list", "--json")
        #expect(listed.contains("\"default\" : true"), "the account left is marked default: \(listed)")
    }

    @Test("an unknown folder is 'not found' with a suggestion")
    func unknownFolder() {
        let home = TestHome()
        #expect(throws: CLIError.notFound("no folder named 'Sciense' — did you mean 'Science'? (see 'lector folder list')")) {
            try home.run("feed", "list", "--folder", "Sciense")
        }
    }

    @Test("feed move files a feed in a folder, creating the folder when missing")
    func feedMove() throws {
        let home = TestHome()
        let output = try home.run("feed", "move", "The Slow Kitchen", "Food")
        #expect(output.contains("Food (new folder)"), "\(output)")
        let food = try home.run("feed", "list", "--folder", "Food", "--json")
        #expect(food.contains("The Slow Kitchen"))
        _ = try home.run("feed", "move", "the slow kitchen", "Science")
        #expect(try home.run("feed", "list", "--folder", "Science").contains("The Slow Kitchen"))
        #expect(throws: CLIError.self) { try home.run("feed", "move", "No Such Feed", "Food") }
    }

    @Test("demo off removes the demo library and it stays away")
    func demoOff() throws {
        let home = TestHome()
        _ = try home.run("demo", "off")
        #expect(try home.run("feed", "list") == "", "an empty plain list prints nothing")
        _ = try home.run("demo", "on")
        #expect(try home.run("feed", "list").contains("The Slow Kitchen"))
    }

    @Test("text from feeds is stripped of terminal control sequences")
    func hostileTitlesAreSanitised() throws {
        let home = TestHome()
        try home.addFeed(title: "Evil\u{1b}]0;pwned\u{07}\u{1b}[2J Feed")
        let output = try home.run("feed", "list", "--account", "Personal")
        #expect(!output.contains("\u{1b}") && !output.contains("\u{07}"), "escape sequences reached the terminal: \(output.debugDescription)")
    }

    @Test("help covers every command, and each command's help lists its options")
    func helpIsComplete() throws {
        let home = TestHome()
        let overview = try home.run("help")
        for spec in CommandTable.standard.commands where spec.availability == .everywhere {
            #expect(overview.contains(spec.name), "help overview misses '\(spec.name)'")
            let detail = try home.run(["help"] + spec.path)
            for option in spec.allOptions {
                #expect(detail.contains("--" + option.name), "'help \(spec.name)' misses --\(option.name)")
            }
        }
        for status in ExitStatus.allCases {
            #expect(overview.contains(status.meaning), "help must document exit code \(status.rawValue)")
        }
    }
}

extension TestHome {
    func run(_ words: [String]) throws(CLIError) -> String {
        try CommandRunner(session: session()).execute(words)
    }
}

@Suite("Article commands", .serialized)
struct ArticleCommandTests {
    @Test("handles from the last list name articles in later commands")
    func handlesWork() throws {
        let home = TestHome()
        let list = try home.run("article", "list", "--unread", "--json")
        let first = try #require((try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]])?.first)
        #expect(first["handle"] as? Int == 1)
        let output = try home.run("article", "mark", "read", "1")
        #expect(output == "1 of 1 article(s) marked read.\n", "\(output)")
        let id = try #require(first["id"] as? Int)
        #expect(try home.store().articles.state(of: Int64(id))?.read == .read)
        #expect(try home.run("article", "mark", "star", "id:\(id)").contains("1 of 1"))
        #expect(throws: CLIError.self, "a handle beyond the last list is not found") { try home.run("article", "mark", "read", "999") }
    }

    @Test("mark-all-read refuses to act without a terminal unless --yes is given")
    func markAllReadNeedsConfirmation() throws {
        let home = TestHome()
        #expect(throws: CLIError.self) { try home.run("article", "mark-all-read", "--folder", "Science") }
        #expect(try !home.run("article", "list", "--folder", "Science", "--unread").isEmpty, "nothing changed without --yes")
        _ = try home.run("article", "mark-all-read", "--folder", "Science", "--yes")
        #expect(try home.run("article", "list", "--folder", "Science", "--unread").isEmpty)
        #expect(try !home.run("article", "list", "--folder", "Technology", "--unread").isEmpty, "other folders untouched")
    }

    @Test("search shows matching passages; --since filters by age")
    func searchAndSince() throws {
        let home = TestHome()
        let found = try home.run("article", "list", "--search", "tide table")
        #expect(found.contains("Reading a tide table") && found.contains("[tide]"), "got:\n\(found)")
        #expect(try home.run("article", "list", "--since", "2000-01-01", "--json").contains("\"handle\""))
        #expect(throws: CLIError.self) { try home.run("article", "list", "--since", "yesterday") }
    }
}

@Suite("Reading list and list settings", .serialized)
struct ReadingListTests {
    @Test("articles saved for later are listed, exported in a backup, and can be removed")
    func readingList() throws {
        let home = TestHome()
        _ = try home.run("article", "list")
        _ = try home.run("reading-list", "add", "1", "2")
        #expect(try home.run("reading-list", "list").contains("Why sync should never undo what you did"))
        _ = try home.run("reading-list", "remove", "1")
        let remaining = try home.run("reading-list", "list", "--json")
        #expect(!remaining.contains("Why sync should never undo") && remaining.contains("Reading in a terminal"))
    }

    @Test("list.hide-read hides read articles unless --all; list.sort oldest-first reverses the order")
    func listSettings() throws {
        let home = TestHome()
        _ = try home.run("settings", "set", "list.hide-read", "true")
        let shown = try home.run("article", "list", "--json", "--limit", "500")
        #expect(!shown.contains("\"read\" : true"), "hide-read leaves read articles out")
        #expect(try home.run("article", "list", "--all", "--json", "--limit", "500").contains("\"read\" : true"))
        _ = try home.run("settings", "set", "list.sort", "oldest-first")
        let oldest = try home.run("article", "list", "--all", "--json", "--limit", "500")
        let dates = try #require(try JSONSerialization.jsonObject(with: Data(oldest.utf8)) as? [[String: Any]]).compactMap { $0["published"] as? String }
        #expect(dates == dates.sorted(), "oldest-first must sort ascending")
    }
}

@Suite("Summaries", .serialized)
struct SummaryCommandTests {
    @Test("summarize streams from an OpenAI-compatible endpoint, caches the result, and asks again only with --refresh")
    func summarizeAndCache() throws {
        let stream = ["Tides ", "follow ", "the moon."].map { "data: {\"choices\":[{\"delta\":{\"content\":\"\($0)\"}}]}\n\n" }.joined()
            + "data: [DONE]\n\n"
        let server = try LoopbackServer { _ in ServerResponse(status: 200, headers: [("Content-Type", "text/event-stream")], body: Data(stream.utf8)) }
        let home = TestHome()
        _ = try home.run("settings", "set", "summary.provider", "openai")
        _ = try home.run("settings", "set", "summary.endpoint", server.baseURL.absoluteString + "/v1")
        _ = try home.run("settings", "set", "summary.model", "tiny")
        _ = try home.run("article", "list")
        let first = try home.run("article", "summarize", "1", "--json")
        #expect(first.contains("Tides follow the moon.") && first.contains("\"cached\" : false"), "\(first)")
        let second = try home.run("article", "summarize", "1", "--json")
        #expect(second.contains("\"cached\" : true"), "the second request comes from the cache: \(second)")
        #expect(server.requests.count == 1, "only one request reached the endpoint")
        _ = try home.run("article", "summarize", "1", "--refresh", "--json")
        #expect(server.requests.count == 2)
        let body = String(decoding: server.requests[0].body, as: UTF8.self)
        #expect(body.contains("\"stream\":true") || body.contains("\"stream\" : true"), "\(body)")
    }

    @Test("a summary streamed into a pipe that closes early (| head) ends quietly, never with a crash")
    func summaryIntoClosedPipe() throws {
        let stream = (1...4000).map { "data: {\"choices\":[{\"delta\":{\"content\":\"word\($0) \"}}]}\n\n" }.joined() + "data: [DONE]\n\n"
        let server = try LoopbackServer { _ in ServerResponse(status: 200, headers: [("Content-Type", "text/event-stream")], body: Data(stream.utf8)) }
        let home = TestHome()
        _ = try home.run("settings", "set", "summary.provider", "openai")
        _ = try home.run("settings", "set", "summary.endpoint", server.baseURL.absoluteString + "/v1")
        _ = try home.run("article", "list")
        let result = try runProcess("/bin/bash", ["-c", "'\(TestBinary.path)' article summarize 1 | head -c 20 > /dev/null; echo \"${PIPESTATUS[0]}\""],
                                    environment: home.environment)
        let status = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(status == "0", "lector must end quietly when its reader goes away, got exit \(status): \(result.stderr.prefix(300))")
    }

    @Test("without a provider configured, summarize says which setting to set")
    func notConfigured() {
        let home = TestHome()
        _ = try? home.run("article", "list")
        let error = #expect(throws: CLIError.self) { try home.run("article", "summarize", "1") }
        #expect(error?.exitStatus == .usage && error?.description.contains("summary.provider") == true, "\(String(describing: error))")
    }
}

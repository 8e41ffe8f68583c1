import Foundation
import Testing
import LectorTestSupport

/// `lector mcp` driven as an agent's client drives it: the official MCP Python SDK from PyPI
/// (installed into .build/mcp-venv by scripts/mcp-test-venv.sh, which scripts/test.sh runs) and a
/// raw JSON-RPC pipe, against the installed binary (LECTOR_JOURNEY_PREFIX) or the built one.
enum MCPClient {
    static let repository = TestBinary.repositoryRoot

    /// The virtualenv's python with the SDK, or nil (the tests then skip, saying how to get it).
    static let python: String? = {
        let candidates = [ProcessInfo.processInfo.environment["LECTOR_MCP_PYTHON"], repository + "/.build/mcp-venv/bin/python3"]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static var isAvailable: Bool { python != nil }
    static let skipReason: Comment = "no MCP Python SDK: run scripts/mcp-test-venv.sh (scripts/test.sh does) or set LECTOR_MCP_PYTHON"

    /// The lector the client starts: the installed one when a prefix is given, else the build's.
    static var lector: String {
        if let prefix = ProcessInfo.processInfo.environment["LECTOR_JOURNEY_PREFIX"],
           FileManager.default.isExecutableFile(atPath: prefix + "/bin/lector") { return prefix + "/bin/lector" }
        return TestBinary.path
    }

    /// Runs the client script in `mode`; it exits 1 with one line when something was wrong.
    static func run(_ mode: String, _ arguments: [String] = [], home: TestHome, extra: [String: String] = [:]) throws -> ProcessResult {
        let python = try #require(python)
        return try runProcess(python, [repository + "/scripts/mcp-test-client.py", mode, lector] + arguments,
                              environment: home.environment.merging(extra) { _, new in new })
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }
}

@Suite("lector mcp: the Model Context Protocol server, through a real client", .serialized, .enabled(if: MCPClient.isAvailable, MCPClient.skipReason))
struct MCPServerTests {
    static let readTools = ["list_accounts", "list_articles", "list_feeds", "list_folders", "list_labels", "list_rules",
                            "list_saved_searches", "read_article", "search_articles", "test_rule"]

    /// A home with the demo library and a local feed whose titles and text carry what must never
    /// reach a client raw: an OSC 52 clipboard write, a bidi override, a zero-width space, and a
    /// login inside a web address.
    private func hostileHome() throws -> (TestHome, LoopbackServer) {
        let home = TestHome()
        let site = StaticSite()
        // A JSON Feed: XML 1.0 cannot carry an escape character at all, JSON can.
        site.serve("/tide.json", text: #"""
            {"version": "https://jsonfeed.org/version/1.1", "title": "Tide \u001b]52;c;cm0gLXJmIH4=\u0007Watch",
             "home_page_url": "https://tide.example/", "items": [
              {"id": "t1", "url": "https://tide.example/1", "title": "Spring tide \u202etxt.exe\u202c at dawn",
               "content_html": "<p>The harbour floods. See https://keeper:hunter2@tide.example/log for the lo\u200bg.</p>"},
              {"id": "t2", "url": "https://tide.example/2", "title": "Neap tide at noon", "content_html": "<p>The harbour is calm.</p>"},
              {"id": "t3", "url": "https://tide.example/3", "title": "King tide warning", "content_html": "<p>The harbour wall holds.</p>"}]}
            """#, contentType: "application/feed+json")
        let server = try LoopbackServer(handler: site.handler)
        let added = try runProcess(TestBinary.path, ["feed", "add", server.url("/tide.json").absoluteString], environment: home.environment)
        try #require(added.status == 0, "feed add: \(added.stderr)")
        return (home, server)
    }

    /// The SDK's connect modes: `auto` asks server/discover and speaks the stateless revision
    /// when the server does; `legacy` is the initialize handshake, as older clients connect.
    static let eras: [(mode: String, revision: String, missingResource: Int)] = [
        ("auto", "2026-07-28", -32602), ("legacy", "2025-11-25", -32002),
    ]

    @Test("the official SDK connects (stateless 2026-07-28 through server/discover, and the 2025-11-25 handshake), lists only the read tools, calls each one, and gets the right errors",
          arguments: [0, 1])
    func sdkReadsEveryTool(era: Int) throws {
        let (mode, revision, missingResource) = Self.eras[era]
        let (home, server) = try hostileHome()
        defer { server.stop() }
        let result = try MCPClient.run("sdk", [mode], home: home, extra: ["MCP_TEST_WORD": "harbour"])
        try #require(result.status == 0, "the SDK client (\(mode)): \(result.stderr)")
        let report = try MCPClient.json(result.stdout)
        #expect(report["protocol"] as? String == revision, "\(mode): the SDK agreed on \(report["protocol"] ?? "")")
        #expect(report["server"] as? String == "lector")
        #expect(report["capabilities"] as? [String] == ["prompts", "resources", "tools"])
        #expect(report["tools"] as? [String] == Self.readTools, "read-only by default")

        let calls = try #require(report["calls"] as? [String: [[String: Any]]])
        func structured(_ tool: String, _ index: Int = 0) -> [String: Any] { calls[tool]?[index]["structured"] as? [String: Any] ?? [:] }
        func failure(_ tool: String, _ index: Int) -> String? {
            guard calls[tool]?[index]["isError"] as? Bool == true else { return nil }
            return calls[tool]?[index]["text"] as? String
        }
        let accounts = structured("list_accounts")["accounts"] as? [[String: Any]] ?? []
        let local = try #require(accounts.first { $0["kind"] as? String == "local" }, "the local account: \(accounts)")
        #expect(local["feeds"] as? Int == 1 && local["unread"] as? Int == 3 && local["starred"] as? Int == 0, "counts: \(local)")
        let feeds = structured("list_feeds")["feeds"] as? [[String: Any]] ?? []
        #expect(feeds.contains { $0["title"] as? String == "Tide Watch" && $0["unread"] as? Int == 3 },
                "the feed's title lost its escape sequence, nothing else: \(feeds.map { $0["title"] ?? "" })")
        let found = structured("search_articles")["articles"] as? [[String: Any]] ?? []
        #expect(found.count == 3, "all three tide articles say harbour: \(found.map { $0["title"] ?? "" })")
        #expect(found.allSatisfy { ($0["snippet"] as? String)?.lowercased().contains("harbour") == true }, "each with its snippet")
        let read = structured("read_article")
        #expect((read["text"] as? String)?.count ?? 0 <= 300 && read["full_text"] as? Bool == false && read["title"] != nil, "read_article: \(read)")
        #expect(failure("read_article", 1)?.contains("no article with id 999999999") == true, "an unknown id is the tool's error")
        #expect(structured("test_rule")["count"] as? Int ?? 0 >= 3 && (structured("test_rule")["articles"] as? [Any])?.count == 3,
                "test_rule: the three tides at least, a page of 3: \(structured("test_rule"))")
        #expect(failure("list_articles", 3) != nil, "a filter with a mistake is the tool's error, said")
        #expect(failure("list_articles", 4)?.contains("no such feed anywhere") == true, "an unknown feed: \(calls["list_articles"]?[4] ?? [:])")

        let errors = try #require(report["errors"] as? [String: [String: Any]])
        for label in ["unknown tool", "write tool", "wrong type", "out of bounds", "unknown argument", "missing argument"] {
            #expect(errors[label]?["code"] as? Int == -32602, "\(label): \(errors[label] ?? [:])")
        }
        #expect((errors["write tool"]?["message"] as? String)?.contains("--allow-write") == true, "a write tool names the way to it")

        #expect((report["resources"] as? [String])?.contains("lector://accounts") == true)
        #expect(report["missing_resource"] as? Int == missingResource, "a missing resource's code is the revision's")
        #expect(report["prompts"] as? [String] == ["unread_digest"])

        // Nothing a feed carried reaches the client raw, and no login in an address.
        for forbidden in ["\u{1b}", "\u{7}", "\u{202e}", "\u{200b}", "hunter2", "\\u001b", "\\u202e", "\\u200b"] {
            #expect(!result.stdout.contains(forbidden), "the answers hold \(forbidden.debugDescription)")
        }
        #expect(result.stdout.contains("Spring tide txt.exe at dawn"), "the title is there, without its override")
    }

    @Test("a raw pipe: bad JSON, no object, unknown method, wrong types, huge params and deep nesting each get their error code; the server goes on; EOF and SIGTERM end it with 0; the stateless revision by hand: discover, the envelope and its errors, the eras kept apart")
    func rawPipeMalformedInput() throws {
        let home = TestHome()
        let result = try MCPClient.run("raw", home: home)
        try #require(result.status == 0, "the raw client: \(result.stderr)")
        let report = try MCPClient.json(result.stdout)
        let errors = try #require(report["errors"] as? [String: Int])
        #expect(errors["bad JSON"] == -32700 && errors["unknown method"] == -32601 && errors["huge message"] == -32600
                && errors["argument of the wrong type"] == -32602, "\(errors)")
        // The stateless revision by hand (the script checks each answer's shape and fails with a line).
        #expect(errors["stateless: unsupported revision"] == -32022 && errors["stateless: no capabilities"] == -32602
                && errors["stateless: ping (gone in 2026-07-28)"] == -32601 && errors["stateless: initialize on a stateless connection"] == -32022
                && errors["stateless: envelope on a handshake connection"] == -32600 && errors["stateless: missing resource"] == -32602, "\(errors)")
        #expect(report["sigterm_status"] as? Int == 0)
    }
}

/// Who decides that an agent may change things: `--allow-write` for one run, or the setting
/// `mcp.allow-write`, which `--read-only` overrides for one run. Raw lines through the binary.
@Suite("lector mcp: write tools only with --allow-write or the setting mcp.allow-write")
struct MCPWritePermissionTests {
    static let writeTools: Set<String> = ["mark_articles", "label_articles", "mark_all_read", "add_feed", "remove_feed", "sync"]

    /// tools/list's names and the answer to a call of mark_articles, from `lector mcp OPTIONS`.
    private func serve(_ home: TestHome, _ options: [String]) throws -> (listed: Set<String>, call: [String: Any], result: ProcessResult) {
        let lines = [
            #"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}"#,
            #"{"jsonrpc": "2.0", "id": 2, "method": "tools/list"}"#,
            #"{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "mark_articles", "arguments": {"action": "read", "ids": [999999]}}}"#,
        ]
        let result = try runProcess(MCPClient.lector, ["mcp"] + options, environment: home.environment, stdin: lines.joined(separator: "\n") + "\n")
        let answers = try result.stdout.split(separator: "\n").map { try MCPClient.json(String($0)) }
        try #require(answers.count == 3, "three answers from mcp \(options): \(result.stdout) \(result.stderr)")
        let tools = (answers[1]["result"] as? [String: Any])?["tools"] as? [[String: Any]] ?? []
        return (Set(tools.compactMap { $0["name"] as? String }), answers[2], result)
    }

    @Test("without --allow-write or the setting no write tool is listed or callable; the setting offers them as --allow-write does; --read-only overrides it for one run; both flags is a usage error")
    func settingOrFlag() throws {
        let home = TestHome()
        func refused(_ call: [String: Any]) -> Bool {
            (call["error"] as? [String: Any])?["code"] as? Int == -32602
                && ((call["error"] as? [String: Any])?["message"] as? String)?.contains("mcp.allow-write") == true
        }
        let plain = try serve(home, [])
        #expect(plain.listed.isDisjoint(with: Self.writeTools) && plain.listed.contains("list_articles"), "read-only by default: \(plain.listed)")
        #expect(refused(plain.call), "a write tool is not callable: \(plain.call)")

        let set = try runProcess(TestBinary.path, ["settings", "set", "mcp.allow-write", "true"], environment: home.environment)
        try #require(set.status == 0, "settings set: \(set.stderr)")
        let allowed = try serve(home, [])
        #expect(Self.writeTools.isSubset(of: allowed.listed), "the setting offers the write tools: \(allowed.listed)")
        #expect(allowed.call["result"] != nil, "and mark_articles is called (its own answer for an unknown id): \(allowed.call)")
        let flagged = try serve(home, ["--allow-write"])
        #expect(flagged.listed == allowed.listed, "the setting does what --allow-write does")

        let readOnly = try serve(home, ["--read-only"])
        #expect(readOnly.listed.isDisjoint(with: Self.writeTools), "--read-only overrides the setting: \(readOnly.listed)")
        #expect(refused(readOnly.call), "and no write tool is callable: \(readOnly.call)")

        let both = try runProcess(MCPClient.lector, ["mcp", "--allow-write", "--read-only"], environment: home.environment, stdin: "")
        #expect(both.status == 2 && both.stderr.contains("not both") && both.stdout.isEmpty, "one line, the usage exit code: \(both.status) \(both.stderr)")
    }
}

@Suite("lector mcp --allow-write: marks reach the server through the same core as the CLI", .serialized,
       .enabled(if: MCPClient.isAvailable, MCPClient.skipReason),
       .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
struct MCPWriteToolTests {
    private func call(_ world: RemoteCommandTests.World, _ tool: String, _ arguments: String) throws -> [String: Any] {
        let result = try MCPClient.run("call", [tool, arguments], home: world.home)
        try #require(result.status == 0, "\(tool): \(result.stderr)")
        let answer = try MCPClient.json(result.stdout)
        #expect(answer["isError"] as? Bool == false, "\(tool) failed: \(answer["text"] ?? "")")
        return answer["structured"] as? [String: Any] ?? [:]
    }

    @Test("mark_articles reaches the server at once; with the server down it is queued and the next sync sends it; mark_all_read needs confirm",
          arguments: ["freshrss", "miniflux"])
    func marksReachTheServer(kind: String) throws {
        let world = try RemoteCommandTests.World(kind)
        let added = try runProcess(TestBinary.path, world.service.addArguments(name: "Server"), environment: world.home.environment,
                                   stdin: world.service.secret + "\n")
        try #require(added.status == 0, "\(kind): account add failed: \(added.stderr)")
        try world.ok("sync")
        let listed = try call(world, "list_articles", #"{"account": "Server"}"#)["articles"] as? [[String: Any]] ?? []
        let ids = listed.compactMap { $0["id"] as? Int }
        try #require(ids.count == 3, "\(kind): the three synced articles: \(listed)")

        let starred = try call(world, "mark_articles", #"{"action": "star", "ids": [\#(ids[0]), \#(ids[1])]}"#)
        #expect(starred["changed"] as? Int == 2 && starred["sent"] as? Bool == true, "\(kind): \(starred)")
        #expect(world.service.feeds.items.filter(\.starred).count == 2, "\(kind): the stars reached the server without a sync")

        world.service.server.inject(.dropConnection)
        let offline = try call(world, "mark_articles", #"{"action": "unstar", "ids": [\#(ids[0])]}"#)
        #expect(offline["changed"] as? Int == 1 && offline["sent"] as? Bool == false, "\(kind): queued: \(offline)")
        world.service.server.clearFaults()
        #expect(world.service.feeds.items.filter(\.starred).count == 2, "\(kind): the server could not be reached yet")
        try world.ok("sync", "--push-only")
        #expect(world.service.feeds.items.filter(\.starred).count == 1, "\(kind): the kept unstar was sent by the next sync")

        let unreadBefore = world.service.feeds.items.filter { !$0.read }.count
        let asked = try call(world, "mark_all_read", #"{"account": "Server", "confirm": false}"#)
        #expect(asked["confirmed"] as? Bool == false && (asked["message"] as? String)?.contains("confirm: true") == true, "\(kind): \(asked)")
        #expect(world.service.feeds.items.filter { !$0.read }.count == unreadBefore, "\(kind): nothing changed without confirm")
        let done = try call(world, "mark_all_read", #"{"account": "Server", "confirm": true}"#)
        #expect(done["confirmed"] as? Bool == true && done["sent"] as? Bool == true, "\(kind): \(done)")
        let unreadAfter = world.service.feeds.items.filter { !$0.read }.map(\.title)
        #expect(unreadAfter.isEmpty, "\(kind): still unread on the server: \(unreadAfter)")
    }
}

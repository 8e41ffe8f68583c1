import Foundation
import Testing
import LectorTestSupport

/// Every command output documented in docs/json.md is validated against its schema under
/// docs/schemas, by Python's jsonschema (an implementation independent of ours).
private let pythonWithSchemas: String? = {
    for candidate in ["/usr/bin/python3", "python3"] {
        let check = try? runProcess("/usr/bin/env", [candidate, "-c", "import jsonschema"], environment: ProcessInfo.processInfo.environment)
        if check?.status == 0 { return candidate }
    }
    return nil
}()

@Suite("JSON contract: outputs validate against docs/schemas",
       .enabled(if: pythonWithSchemas != nil, "python3 with jsonschema is missing (Debian: apt-get install -y python3-jsonschema)"))
struct JSONContractTests {

    /// Validates each (schema, document) pair; returns one line per problem.
    private func validate(_ pairs: [(schema: String, document: String, what: String)]) throws -> [String] {
        let directory = NSTemporaryDirectory() + "lector-json-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var manifest: [[String]] = []
        for (index, pair) in pairs.enumerated() {
            let file = directory + "/\(index).json"
            try Data(pair.document.utf8).write(to: URL(fileURLWithPath: file))
            manifest.append([TestBinary.repositoryRoot + "/docs/" + pair.schema, file, pair.what])
        }
        let list = directory + "/manifest.json"
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: list))
        let script = """
        import jsonschema, json, sys
        for schema_path, document_path, what in json.load(open(sys.argv[1])):
            schema = json.load(open(schema_path))
            jsonschema.validators.validator_for(schema).check_schema(schema)
            try:
                document = json.load(open(document_path))
            except Exception as error:
                print(what + ": not JSON: " + str(error)); continue
            for error in jsonschema.validators.validator_for(schema)(schema).iter_errors(document):
                print(what + ": " + "/".join(str(p) for p in error.absolute_path) + ": " + error.message[:200])
        """
        let result = try runProcess("/usr/bin/env", [pythonWithSchemas ?? "python3", "-c", script, list], environment: ProcessInfo.processInfo.environment)
        return result.stdout.split(separator: "\n").map(String.init) + (result.status == 0 ? [] : ["python: " + result.stderr])
    }

    @Test("every documented command output validates against its schema, and docs/json.md lists every schema")
    func outputsValidate() throws {
        let site = StaticSite()
        site.serve("/x.xml", text: "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>X</title></channel></rss>", contentType: "application/rss+xml")
        site.serve("/tide.xml", text: "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Tide</title><item><title>t</title><guid>t1</guid></item></channel></rss>",
                   contentType: "application/rss+xml")
        let server = try LoopbackServer(handler: site.handler)
        let home = TestHome()
        func json(_ arguments: String...) throws -> String {
            let result = try runProcess(TestBinary.path, arguments + ["--json"], environment: home.environment)
            #expect(result.status == 0, "lector \(arguments.joined(separator: " ")) --json exited \(result.status): \(result.stderr)")
            return result.stdout
        }
        site.serve("/", text: "<html><head><link rel=\"alternate\" type=\"application/rss+xml\" href=\"/tide.xml\" title=\"Tide\"></head></html>",
                   contentType: "text/html")
        let accountAdded = try json("account", "add", "local", "--name", "Home")
        let feedAdded = try json("feed", "add", server.url("/tide.xml").absoluteString, "--folder", "Sea")
        let feedFile = home.path + "/tide.xml"
        try Data("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Tide</title><item><title>t</title><guid>t1</guid></item></channel></rss>".utf8)
            .write(to: URL(fileURLWithPath: feedFile))
        let opml = home.path + "/in.opml"
        try Data("<?xml version=\"1.0\"?><opml version=\"2.0\"><head/><body><outline text=\"X\" xmlUrl=\"\(server.url("/x.xml").absoluteString)\"/></body></opml>".utf8)
            .write(to: URL(fileURLWithPath: opml))
        var pairs: [(String, String, String)] = [
            ("schemas/account-add.schema.json", accountAdded, "account add"),
            ("schemas/feed-show.schema.json", feedAdded, "feed add"),
            ("schemas/feed-show.schema.json", try json("feed", "show", "Tide"), "feed show"),
            ("schemas/feed-setting.schema.json", try json("feed", "set", "Tide", "user-agent", "TideBot/1"), "feed set"),
            ("schemas/feed-setting.schema.json", try json("feed", "pause", "Tide"), "feed pause"),
            ("schemas/feed-setting.schema.json", try json("feed", "resume", "Tide"), "feed resume"),
            ("schemas/feed-setting.schema.json", try json("feed", "unset", "Tide", "user-agent"), "feed unset"),
            ("schemas/feed-discover.schema.json", try json("feed", "discover", server.url("/").absoluteString), "feed discover"),
            ("schemas/feed-parse.schema.json", try json("feed", "parse", feedFile), "feed parse"),
            ("schemas/message.schema.json", try json("account", "test", "Home"), "account test (local)"),
            ("schemas/account-list.schema.json", try json("account", "list"), "account list"),
            ("schemas/article-list.schema.json", try json("article", "list"), "article list"),
            ("schemas/account-show.schema.json", try json("account", "show"), "account show"),
            ("schemas/feed-list.schema.json", try json("feed", "list"), "feed list"),
            ("schemas/folder-list.schema.json", try json("folder", "list"), "folder list"),
            ("schemas/folder-add.schema.json", try json("folder", "add", "Later"), "folder add"),
            ("schemas/settings-list.schema.json", try json("settings", "list"), "settings list"),
            ("schemas/settings-get.schema.json", try json("settings", "get", "reader.font"), "settings get"),
            ("schemas/settings-change.schema.json", try json("settings", "set", "reader.font", "news"), "settings set"),
            ("schemas/settings-change.schema.json", try json("dock", "remove", "share"), "dock remove"),
            ("schemas/action-list.schema.json", try json("dock", "list"), "dock list"),
            ("schemas/action-list.schema.json", try json("swipe", "list"), "swipe list"),
            ("schemas/reading-list-list.schema.json", try json("reading-list", "list"), "reading-list list"),
            ("schemas/opml-export.schema.json", try json("opml", "export"), "opml export"),
            ("schemas/opml-import.schema.json", try json("opml", "import", opml), "opml import"),
            ("schemas/message.schema.json", try json("demo", "off"), "demo off"),
            ("schemas/version.schema.json", try json("version"), "version"),
            ("schemas/schedule-status.schema.json", try json("schedule", "status"), "schedule status"),
            ("schemas/profile-show.schema.json", try json("profile", "show", "night"), "profile show"),
            ("schemas/profile-list.schema.json", try json("profile", "list"), "profile list"),
            ("backup.schema.json", try json("backup", "export"), "backup export"),
        ]
        _ = try json("article", "list")
        pairs.append(("schemas/article-mark.schema.json", try json("article", "mark", "read", "1"), "article mark"))
        pairs.append(("schemas/article-label.schema.json", try json("article", "label", "add", "Keep", "1"), "article label add"))
        pairs.append(("schemas/label-list.schema.json", try json("label", "list"), "label list"))
        pairs.append(("schemas/label-change.schema.json", try json("label", "rename", "Keep", "Kept"), "label rename"))
        let backup = home.path + "/b.json"
        _ = try json("backup", "export", backup)
        pairs.append(("schemas/backup-restore.schema.json", try json("backup", "restore", backup, "--dry-run"), "backup restore"))
        pairs.append(("schemas/backup-inspect.schema.json", try json("backup", "inspect", backup), "backup inspect"))
        pairs.append(("schemas/feed-apply.schema.json", try json("feed", "apply", opml, "--dry-run", "--prune"), "feed apply --dry-run"))
        pairs.append(("schemas/feed-apply.schema.json", try json("feed", "apply", opml), "feed apply"))
        pairs.append(("schemas/feed-check.schema.json", try json("feed", "check", "--fix", "--dry-run"), "feed check --fix --dry-run"))
        _ = try json("account", "add", "local", "--name", "Copy")
        _ = try json("article", "mark", "star", "1")
        pairs.append(("schemas/account-copy.schema.json", try json("account", "copy", "Home", "Copy", "--dry-run"), "account copy --dry-run"))
        pairs.append(("schemas/account-copy.schema.json", try json("account", "copy", "Home", "Copy"), "account copy"))
        pairs.append(("schemas/label-change.schema.json", try json("label", "remove", "Kept"), "label remove"))
        for line in try json("sync").split(separator: "\n") {
            let isResult = line.contains("\"event\":\"result\"")
            pairs.append(("schemas/" + (isResult ? "sync-result" : "sync-progress") + ".schema.json", String(line), "sync line"))
        }
        let problems = try validate(pairs)
        #expect(problems.isEmpty, "outputs that break their schema:\n\(problems.joined(separator: "\n"))")

        let index = try String(contentsOfFile: TestBinary.repositoryRoot + "/docs/json.md", encoding: .utf8)
        let files = try FileManager.default.contentsOfDirectory(atPath: TestBinary.repositoryRoot + "/docs/schemas")
        for file in files { #expect(index.contains("schemas/\(file)"), "docs/json.md must list \(file)") }
        let tested = Set(pairs.map(\.0))
        for file in files { #expect(tested.contains("schemas/\(file)"), "\(file) is not exercised by this test") }
    }
}

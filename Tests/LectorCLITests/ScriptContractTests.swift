import Foundation
import Testing
@testable import LectorCLI

/// What scripts rely on: --json anywhere, JSON lines in script mode, errors naming their line,
/// destructive defaults that ask, OPML kept in JSON, no shell hints inside the REPL.
@Suite("Scripting contract")
struct ScriptContractTests {
    private func lector(_ home: TestHome, _ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
        try runProcess(TestBinary.path, arguments, environment: home.environment, stdin: stdin)
    }

    @Test("--json is accepted before the noun, between noun and verb, and at the end")
    func jsonAnywhere() throws {
        let home = TestHome()
        for arguments in [["--json", "folder", "list"], ["folder", "--json", "list"], ["folder", "list", "--json"]] {
            let result = try lector(home, arguments)
            #expect(result.status == 0, "lector \(arguments.joined(separator: " ")): \(result.stderr)")
            #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil, "JSON for \(arguments): \(result.stdout)")
        }
    }

    @Test("--json typed after the command is an option like any other: an option's value '--json' stays that value")
    func jsonAsAValue() throws {
        let home = TestHome()
        // --search takes the next word as its term: here the literal "--json", then --unread.
        let result = try lector(home, ["article", "list", "--search", "--json", "--unread"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) == nil,
                "--json was taken out of --search's value and made the output JSON: \(result.stdout)")
        #expect(result.stdout.isEmpty, "a search for the term --json finds nothing (an empty plain list prints nothing): \(result.stdout)")
    }

    @Test("script mode: --json output is one compact line per command, and an error names its line")
    func scriptMode() throws {
        let home = TestHome()
        let result = try lector(home, ["--keep-going"], stdin: "folder list --json\n# a comment\nfeed lst\naccount list --json\n")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2, "two JSON documents, one line each: \(result.stdout)")
        for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "each line is JSON: \(line)") }
        #expect(result.stderr.contains("line 3: unknown command 'feed lst'"), "the error names line 3: \(result.stderr)")
        #expect(result.status == 2)
    }

    @Test("settings reset with no key wants --yes off a terminal and changes nothing without it")
    func resetAllWantsYes() throws {
        let home = TestHome()
        _ = try home.run("settings", "set", "reader.font", "classic")
        let refused = try lector(home, ["settings", "reset"])
        #expect(refused.status == 2 && refused.stderr.contains("--yes"), "refused with the way out: \(refused.stderr)")
        #expect(try home.run("settings", "get", "reader.font") == "classic\n", "nothing was reset")
        #expect(try lector(home, ["settings", "reset", "--yes"]).status == 0)
        #expect(try home.run("settings", "get", "reader.font") != "classic\n", "reset with --yes")
    }

    @Test("opml export --json keeps the OPML document in a field")
    func opmlExportKeepsTheDocument() throws {
        let home = TestHome()
        try home.addFeed(title: "Alpha", folder: "News", account: "Personal")
        let output = try home.run("opml", "export", "--account", "Personal", "--json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let opml = try #require(json["opml"] as? String, "the OPML is in the JSON: \(output)")
        #expect(opml.contains("<opml") && opml.contains("Alpha") && json["feeds"] as? Int == 1)
    }

    @Test("inside the REPL an error points at 'help', not at 'lector help'")
    func replHint() throws {
        let home = TestHome()
        do {
            _ = try CommandRunner(session: home.session(inREPL: true)).execute(["feed", "lst"])
            Issue.record("must fail")
        } catch {
            #expect(!error.description.contains("lector help") && error.description.contains("'help feed'"), "\(error.description)")
        }
    }
}

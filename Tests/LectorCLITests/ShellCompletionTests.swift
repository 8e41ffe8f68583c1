import Foundation
import Testing
@testable import LectorCLI

/// The checked-in completion scripts, loaded into real shells that call back into the real binary.
@Suite("Completion in real shells", .serialized)
struct ShellCompletionTests {
    static func installed(_ shell: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shell)") || FileManager.default.isExecutableFile(atPath: "/bin/\(shell)")
    }

    static func script(_ shell: CompletionScript.Shell) -> String {
        let name = switch shell { case .bash: "lector.bash"; case .zsh: "_lector"; case .fish: "lector.fish" }
        return TestBinary.repositoryRoot + "/completions/" + name
    }

    @Test("the checked-in scripts are exactly what the binary generates", arguments: CompletionScript.Shell.allCases)
    func scriptsAreInStep(shell: CompletionScript.Shell) throws {
        let checkedIn = try String(contentsOfFile: Self.script(shell), encoding: .utf8)
        #expect(checkedIn == CompletionScript.render(shell),
                "completions for \(shell) are stale: run 'lector completions \(shell) > \(Self.script(shell))'")
    }

    private func bashCompletions(_ home: TestHome, _ words: [String]) throws -> [String] {
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let program = """
        source '\(Self.script(.bash))'
        COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
        _lector
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        let result = try runProcess("/bin/bash", ["--norc", "-c", program], environment: home.environment)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test("bash completes nouns, verbs, options and live feed titles with spaces", .enabled(if: installed("bash")))
    func bash() throws {
        let home = TestHome()
        try home.addFeed(title: "Swift Weekly Digest")
        #expect(try bashCompletions(home, ["lector", "fol"]) == ["folder"])
        #expect(try bashCompletions(home, ["lector", "feed", "l"]) == ["list"])
        #expect(try bashCompletions(home, ["lector", "article", "list", "--unr"]) == ["--unread"])
        #expect(try bashCompletions(home, ["lector", "article", "list", "--feed", "Swift W"]) == ["Swift Weekly Digest"],
                "a title that exists only in this test's store, with spaces, must come back whole")
    }

    @Test("fish completes nouns, verbs, options and live feed titles with spaces", .enabled(if: installed("fish")))
    func fish() throws {
        let home = TestHome()
        try home.addFeed(title: "Swift Weekly Digest")
        func complete(_ line: String) throws -> [String] {
            let program = "source '\(Self.script(.fish))'; complete -C '\(line)'"
            let result = try runProcess("/usr/bin/fish", ["--no-config", "-c", program], environment: home.environment)
            return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(try complete("lector fol") == ["folder"])
        #expect(try complete("lector feed l") == ["list"])
        #expect(try complete("lector article list --unr") == ["--unread"])
        #expect(try complete("lector article list --feed \"Swift W") == ["Swift Weekly Digest"])
    }

    @Test("zsh hands the candidates to compadd", .enabled(if: installed("zsh")))
    func zsh() throws {
        let home = TestHome()
        try home.addFeed(title: "Swift Weekly Digest")
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
            // compadd only works inside a completion widget; stand in for it to see what it is given.
            let program = """
            compdef() { : }
            compadd() { local -a v; v=("${(@P)${@[-1]}}"); print -l -- $v }
            source '\(Self.script(.zsh))'
            words=(\(quoted)); CURRENT=\(words.count)
            _lector
            """
            let result = try runProcess("/usr/bin/zsh", ["-f", "-c", program], environment: home.environment)
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["lector", "fol"]) == ["folder"])
        #expect(try complete(["lector", "feed", "l"]) == ["list"])
        #expect(try complete(["lector", "article", "list", "--unr"]) == ["--unread"])
        #expect(try complete(["lector", "article", "list", "--feed", "Swift W"]) == ["Swift Weekly Digest"])
    }
}

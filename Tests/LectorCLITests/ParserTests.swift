import Testing
@testable import LectorCLI

@Suite("Command-line parsing")
struct ParserTests {
    let parser = CommandLineParser(table: .standard, inREPL: false)

    private func usageMessage(_ words: [String]) -> String? {
        do {
            _ = try parser.parse(words)
            return nil
        } catch {
            return error.exitStatus == .usage ? error.description : "wrong exit status \(error.exitStatus)"
        }
    }

    @Test("an unknown noun is a usage error naming the closest noun")
    func unknownNounSuggests() {
        let message = usageMessage(["fed", "list"])
        #expect(message?.contains("did you mean 'feed'") == true, "got: \(message ?? "no error")")
    }

    @Test("an unknown verb is a usage error naming the closest verb")
    func unknownVerbSuggests() {
        let message = usageMessage(["feed", "lsit"])
        #expect(message?.contains("did you mean 'list'") == true, "got: \(message ?? "no error")")
    }

    @Test("an unknown option is a usage error naming the closest option")
    func unknownOptionSuggests() {
        let message = usageMessage(["article", "list", "--unred"])
        #expect(message?.contains("did you mean '--unread'") == true, "got: \(message ?? "no error")")
    }

    @Test("a noun with options but no verb lists the verbs (alone it is help: NounHelpTests)")
    func missingVerb() {
        let message = usageMessage(["demo", "--yes"])
        #expect(message?.contains("on, off") == true, "got: \(message ?? "no error")")
    }

    @Test("options take values inline or as the next word, and short forms work")
    func optionForms() throws {
        guard case .run(let invocation) = try parser.parse(["article", "list", "--feed=Tech News", "-n", "5", "-u", "--json"]) else {
            Issue.record("expected a command to run")
            return
        }
        #expect(invocation.value("feed") == "Tech News")
        #expect(invocation.value("limit") == "5")
        #expect(invocation.flag("unread") && invocation.wantsJSON)
    }

    @Test("an option missing its value is a usage error")
    func optionNeedsValue() {
        #expect(usageMessage(["feed", "list", "--account"])?.contains("needs a value") == true)
    }

    @Test("a value outside a fixed list is refused with the allowed values")
    func choicesChecked() {
        let message = usageMessage(["completions", "tcsh"])
        #expect(message?.contains("bash, zsh, fish") == true, "got: \(message ?? "no error")")
    }

    @Test("too many arguments is a usage error")
    func tooManyArguments() {
        #expect(usageMessage(["version", "extra"])?.contains("unexpected 'extra'") == true)
    }

    @Test("--help anywhere asks for the command's help")
    func helpFlag() throws {
        guard case .help(let topic) = try parser.parse(["feed", "list", "--account", "x", "--help"]) else {
            Issue.record("expected help")
            return
        }
        #expect(topic == ["feed", "list"])
    }

    @Test("exit exists only in the REPL")
    func exitOnlyInREPL() throws {
        #expect(usageMessage(["exit"]) != nil, "one-shot 'exit' should be unknown")
        let repl = CommandLineParser(table: .standard, inREPL: true)
        guard case .run = try repl.parse(["exit"]) else {
            Issue.record("'exit' should run in the REPL")
            return
        }
    }
}

@Suite("Shell words")
struct ShellWordsTests {
    @Test("quotes group words and backslashes escape")
    func splitsLikeAShell() throws {
        #expect(try ShellWords.split(#"feed move "Swift Weekly" 'Tech Stuff' a\ b"#) == ["feed", "move", "Swift Weekly", "Tech Stuff", "a b"])
    }

    @Test("an unterminated quote is an error for a whole line but fine while completing")
    func unterminatedQuote() {
        #expect(throws: ShellWords.SplitError.unterminatedQuote("\"")) { try ShellWords.split(#"feed move "Swift"#) }
        #expect(ShellWords.splitForCompletion(#"feed move "Swift W"#) == ["feed", "move", "Swift W"])
        #expect(ShellWords.splitForCompletion("feed ") == ["feed", ""])
    }
}

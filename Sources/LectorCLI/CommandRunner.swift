import Foundation

/// Parses and runs one command line against a session, printing its output or its error.
struct CommandRunner {
    let session: Session

    /// Runs `words` and returns the exit status. Output goes to stdout, the error line to stderr.
    func run(_ words: [String]) -> ExitStatus {
        do {
            let result = try outcome(words)
            Console.out(result.text)
            if result.status != .ok { Console.error(linePrefix + (result.failureLine ?? result.status.meaning)) }
            return result.status
        } catch {
            Console.error(linePrefix + error.description)
            return error.exitStatus
        }
    }

    /// "line 3: " in script mode, so an error names the line it comes from.
    private var linePrefix: String {
        session.scriptLine.map { "line \($0): " } ?? ""
    }

    /// Runs `words` and returns what it would print, or the error. Tests use this directly; a
    /// command that ends with a failure status beside its output throws, its output in the message.
    func execute(_ words: [String]) throws(CLIError) -> String {
        let result = try outcome(words)
        guard result.status == .ok else {
            throw CLIError.with(result.status, (result.failureLine ?? result.status.meaning) + "\n" + result.text)
        }
        return result.text
    }

    /// What the command prints, and its exit status when it reports a failure beside its output.
    func outcome(_ words: [String]) throws(CLIError) -> (text: String, status: ExitStatus, failureLine: String?) {
        let parser = CommandLineParser(table: session.table, inREPL: session.inREPL)
        switch try parser.parse(words) {
        case .help(let topic):
            return (try HelpRenderer(table: session.table, inREPL: session.inREPL).help(for: topic) + "\n", .ok, nil)
        case .run(let invocation):
            do {
                let output = try invocation.spec.run(invocation, session)
                return (output.rendered(asJSON: invocation.wantsJSON, compact: session.jsonLines), output.status, output.failureLine)
            } catch {
                throw CLIError.from(error)
            }
        }
    }
}

/// The two output streams. Everything the CLI prints goes through here.
enum Console {
    static func out(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Something the user should know that is not an error ("note: …"), on stderr so stdout stays the output.
    static func note(_ message: String) {
        FileHandle.standardError.write(Data("note: \(message)\n".utf8))
    }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data("lector: \(message)\n".utf8))
    }
}

import Foundation
import LectorText

/// Parses and runs one command line against a session, printing its output or its error.
struct CommandRunner {
    let session: Session

    /// Runs `words` and returns the exit status. Output goes to stdout, the error line to stderr.
    func run(_ words: [String]) -> ExitStatus {
        do {
            let output = try execute(words)
            Console.out(output)
            return .ok
        } catch {
            Console.error(error.description)
            return error.exitStatus
        }
    }

    /// Runs `words` and returns what it would print, or the error. Tests use this directly.
    func execute(_ words: [String]) throws(CLIError) -> String {
        let parser = CommandLineParser(table: session.table, inREPL: session.inREPL)
        switch try parser.parse(words) {
        case .help(let topic):
            return try HelpRenderer(table: session.table, inREPL: session.inREPL).help(for: topic) + "\n"
        case .run(let invocation):
            do {
                return try invocation.spec.run(invocation, session).rendered(asJSON: invocation.wantsJSON)
            } catch {
                throw CLIError.from(error)
            }
        }
    }
}

/// The two output streams, and the one place where text reaches them: whatever a command built,
/// it passes the shared sanitiser here, which lets through Lector's own style codes
/// (`TerminalStyle`) and nothing else a terminal would act on. Call sites still sanitise outside
/// text they measure or cut (table cells); forgetting to can no longer reach the terminal.
enum Console {
    static func out(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardOutput.write(Data(TerminalSanitizer.keepingStyles(text).utf8))
    }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data("lector: \(TerminalSanitizer.keepingStyles(message))\n".utf8))
    }

    /// A one-line status on stderr that the next one replaces (sync progress): the line is
    /// cleared with the writer's own sequence, the text sanitised to one line.
    static func status(_ text: String) {
        FileHandle.standardError.write(Data((clearLine + TerminalSanitizer.inline(text)).utf8))
    }

    /// Carriage return and erase-line: written only here, never let through from a string.
    static let clearLine = "\r\u{1b}[K"

    /// `out` over the current line of standard output (the REPL's message above its prompt).
    static func replaceLine(_ text: String) {
        FileHandle.standardOutput.write(Data((clearLine + TerminalSanitizer.keepingStyles(text)).utf8))
    }

    static func clearStatus() {
        FileHandle.standardError.write(Data(clearLine.utf8))
    }
}

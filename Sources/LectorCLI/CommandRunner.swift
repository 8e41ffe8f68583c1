import FoundationEssentials
import Glibc
import LectorText

/// Parses and runs one command line against a session, printing its output or its error.
struct CommandRunner {
    let session: Session

    /// Runs `words` and returns the exit status. Output goes to stdout, the error line to stderr.
    func run(_ words: [String]) -> ExitStatus {
        do {
            let result = try execute(words, show: Console.out)
            if result.status != .ok { Console.error(linePrefix + (result.failureLine ?? result.status.meaning)) }
            return result.status
        } catch {
            session.afterShown.removeAll()
            // In the REPL a Ctrl-C ends the command, whatever error it surfaced as (a cancelled
            // prompt or transfer): one word, then a fresh prompt.
            if session.inREPL && (error == .interrupted || Interrupt.isRequested) {
                Console.out("Cancelled.\n")
                return .interrupted
            }
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
        var shown = ""
        let result = try execute(words) { shown = $0 }
        guard result.status == .ok else {
            throw CLIError.with(result.status, (result.failureLine ?? result.status.meaning) + "\n" + shown)
        }
        return shown
    }

    /// Help as a terminal shows it: wrapped between words to its width; unchanged for a pipe.
    static func fitted(_ help: String, session: Session) -> String {
        isatty(STDOUT_FILENO) == 1 ? HelpWrapping.fit(help, width: session.terminalWidth) : help
    }

    /// Runs `words`, hands the output to `show`, then runs what the command left for after.
    /// Returns the exit status of a command that reports a failure beside its output.
    private func execute(_ words: [String], show: (String) -> Void) throws(CLIError) -> (status: ExitStatus, failureLine: String?) {
        let parser = CommandLineParser(table: session.table, inREPL: session.inREPL)
        switch try parser.parse(words) {
        case .help(let topic):
            let help = Self.fitted(try HelpRenderer(table: session.table, inREPL: session.inREPL).help(for: topic), session: session) + "\n"
            if !Pager.pageInREPL(help, session: session) { show(help) }
            return (.ok, nil)
        case .run(let invocation):
            session.tablesArePlain = invocation.flag("plain") || isatty(STDOUT_FILENO) != 1
            let output: CommandOutput
            do {
                defer { session.settleProvisionalAccount() }
                output = try invocation.spec.run(invocation, session)
            } catch {
                throw CLIError.from(error)
            }
            show(output.rendered(asJSON: invocation.wantsJSON, compact: session.jsonLines))
            let pending = session.afterShown
            session.afterShown.removeAll()
            for work in pending {
                do { try work() } catch { throw CLIError.from(error) }
            }
            return (output.status, output.failureLine)
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
        writeRaw(TerminalSanitizer.keepingStyles(text), to: STDOUT_FILENO)
    }

    /// Something the user should know that is not an error ("note: …"), on stderr so stdout stays the output.
    static func note(_ message: String) {
        writeRaw("note: \(TerminalSanitizer.keepingStyles(message))\n", to: STDERR_FILENO)
    }

    static func error(_ message: String) {
        writeRaw("lector: \(TerminalSanitizer.keepingStyles(message))\n", to: STDERR_FILENO)
    }

    /// A one-line status on stderr that the next one replaces (sync progress): the line is
    /// cleared with the writer's own sequence, the text sanitised to one line.
    static func status(_ text: String) {
        writeRaw(clearLine + TerminalSanitizer.inline(text), to: STDERR_FILENO)
    }

    /// Carriage return and erase-line: written only here, never let through from a string.
    static let clearLine = "\r\u{1b}[K"

    /// `out` over the current line of standard output (the REPL's message above its prompt).
    static func replaceLine(_ text: String) {
        writeRaw(clearLine + TerminalSanitizer.keepingStyles(text), to: STDOUT_FILENO)
    }

    static func clearStatus() {
        writeRaw(clearLine, to: STDERR_FILENO)
    }

    /// `out` to another descriptor (the pager's pipe): the same sanitiser on the way.
    static func write(_ text: String, to descriptor: Int32) {
        writeRaw(TerminalSanitizer.keepingStyles(text), to: descriptor)
    }

    /// Writes everything, retrying interrupted writes. A reader that went away (EPIPE: `| head`,
    /// a pager quit early) ends the output, never Lector: SIGPIPE is ignored at start-up.
    /// Only already-sanitised text comes here.
    private static func writeRaw(_ text: String, to descriptor: Int32) {
        // Written from the string's own bytes: a copy of a 250 KB `feed list --json` cost its
        // pages' faults.
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                offset += written
            }
        }
    }
}

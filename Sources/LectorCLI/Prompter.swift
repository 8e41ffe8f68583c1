import FoundationEssentials
import Glibc

/// Questions asked at the terminal. Without a terminal nothing is asked and the caller must have
/// been told (e.g. `--yes`), so scripts never hang on a prompt. Ctrl-C at a question throws
/// `.interrupted`: the command stops and nothing is changed.
enum Prompter {
    static var isInteractive: Bool { !asksNothing && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }
    /// Set by `lector mcp`, whose standard input is the protocol's: nothing is ever asked there.
    /// Main thread only, before any command runs.
    nonisolated(unsafe) static var asksNothing = false

    /// Asks for a number from 1 to `count`; nil when the answer is empty or not such a number.
    static func choose(count: Int) throws(CLIError) -> Int? {
        Console.out("Which one (1–\(count), Enter for none)? ")
        guard let answer = try TerminalLine.readAnswer(), let number = Int(answer.trimmingWhitespace), (1...count).contains(number) else { return nil }
        return number
    }

    /// Asks a yes/no question; the answer defaults to no.
    static func confirm(_ question: String) throws(CLIError) -> Bool {
        Console.out("\(question) [y/N] ")
        guard let answer = try TerminalLine.readAnswer() else { return false }
        return ["y", "yes"].contains(answer.trimmingWhitespace.lowercased())
    }
}

/// One line typed at the terminal, read straight from the descriptor so Ctrl-C can end the wait:
/// the REPL's SIGINT handler only sets a flag, and a blocking stdio read would just be restarted.
enum TerminalLine {
    /// An echoed answer: on Ctrl-C the cursor moves past the echoed ^C, so "Cancelled." starts a line.
    /// SIGTERM or SIGHUP during the wait ends Lector (exit 130) once the line is ended.
    static func readAnswer() throws(CLIError) -> String? {
        do { return try QuestionSignals.catching { () throws(CLIError) in try read() } } catch {
            Console.out("\n")
            QuestionSignals.exitIfTerminated()
            throw error
        }
    }

    /// The line without its newline; nil at end of input; throws `.interrupted` on Ctrl-C.
    static func read() throws(CLIError) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            if Interrupt.isRequested || QuestionSignals.terminationRequested { throw .interrupted }
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            // A short timeout, because SIGINT may be delivered to another thread than this one.
            let ready = poll(&descriptor, 1, 100)
            if Interrupt.isRequested || QuestionSignals.terminationRequested { throw .interrupted }
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { continue }
            let count = Glibc.read(STDIN_FILENO, &byte, 1)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            // Enter arrives as \r when it was typed ahead while readline still had the terminal
            // raw (no ICRNL): an answer typed before its question ends there too.
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }
}

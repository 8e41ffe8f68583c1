import FoundationEssentials
import Glibc

/// Reading a password or API key without it ever being an argument: from the terminal with
/// echo off, or from stdin with `--password-stdin`.
enum SecretInput {
    static func read(prompt: String, fromStdin: Bool) throws(CLIError) -> String {
        let secret: String?
        if fromStdin {
            secret = readLine(strippingNewline: true)
        } else {
            guard isatty(STDIN_FILENO) == 1 else {
                throw .usage("no terminal to ask for the secret on: pipe it in with --password-stdin")
            }
            secret = try readWithoutEcho(prompt: prompt)
        }
        guard let secret, !secret.isEmpty else { throw .usage("no secret given: nothing was saved") }
        return secret
    }

    /// Echo comes back on whatever ends the wait, Ctrl-C included; SIGTERM or SIGHUP then end
    /// Lector (exit 130) with the terminal given back.
    private static func readWithoutEcho(prompt: String) throws(CLIError) -> String? {
        var original = termios()
        tcgetattr(STDIN_FILENO, &original)
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        // Echo goes off (and what was typed before the question is dropped) before the prompt
        // shows: an answer typed as soon as the prompt appears is read, never flushed away.
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        Console.out(prompt)
        let answer: Result<String?, CLIError>
        do { answer = .success(try QuestionSignals.catching { () throws(CLIError) in try TerminalLine.read() }) } catch { answer = .failure(error) }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
        Console.out("\n")
        QuestionSignals.exitIfTerminated()
        return try answer.get()
    }
}

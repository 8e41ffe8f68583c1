@preconcurrency import CReadline
import FoundationEssentials
import Glibc
import LectorStore

/// State shared with readline's C callbacks, which cannot capture context. Readline runs on the
/// REPL's one thread only.
private enum ReadlineBridge {
    // Unsafe, all five: confined to the REPL thread, where readline and its callbacks run.
    nonisolated(unsafe) static var completer: Completer?
    nonisolated(unsafe) static var pendingMatches: [String] = []
    nonisolated(unsafe) static var finishedLine: String?
    nonisolated(unsafe) static var reachedEOF = false
    nonisolated(unsafe) static var backgroundSync: BackgroundSync?
}

/// The interactive loop over GNU readline: prompt with the default account, completion through
/// the same completer as `__complete`, history kept in the state directory, Ctrl-C abandons the
/// line, Ctrl-D or `exit` leaves.
struct REPL {
    let session: Session

    func run() -> ExitStatus {
        let historyPath = session.directories.historyPath
        var keepsHistory = loadHistory(historyPath)
        installCompletion()
        Interrupt.install()
        Console.out("Lector \(LectorVersion.current) — type 'help' for commands, Tab to complete, Ctrl-D to leave.\n")
        // Like the prompt, only a hint: a store that cannot be opened is reported by the first command.
        if (try? session.store().accounts.defaultAccount()?.isDemo) == true {
            Console.out("This is a demo library. Start your own with 'feed add URL' or 'account add KIND'; 'demo off' removes the demo.\n")
        }
        // Settings that cannot be read mean a store that cannot be opened, which the first command
        // reports; not starting a sync in the background is the safe side meanwhile.
        if (try? session.preferences().syncOnLaunch) == true {
            ReadlineBridge.backgroundSync = BackgroundSync(environment: session.environment)
        }
        let runner = CommandRunner(session: session)
        while let line = readLine(prompt: prompt()) {
            let trimmed = line.trimmingWhitespace
            guard !trimmed.isEmpty else { continue }
            add_history(HistoryLine.withoutPasswords(trimmed))
            if keepsHistory, append_history(1, historyPath) != 0 {
                keepsHistory = false
                Console.note("command history is no longer saved to \(historyPath): \(String(cString: strerror(errno)))")
            }
            let words: [String]
            do {
                words = try ShellWords.split(trimmed)
            } catch {
                Console.error("unterminated quote")
                continue
            }
            if words == ["quit"] { break }
            Interrupt.settle()
            _ = runner.run(words)
            Interrupt.settle()
            if session.wantsExit { break }
        }
        return .ok
    }

    private func prompt() -> String {
        // Only decorates the prompt; a store error is reported by the next command that uses the store.
        let name = (try? session.store().accounts.defaultAccount()?.name) ?? nil
        return "lector" + (name.map { " (\(TerminalText.sanitize($0)))" } ?? "") + "> "
    }

    /// Reads the saved history; false, after one note, when the history file cannot be kept (the
    /// session still works, with history for this session only).
    private func loadHistory(_ path: String) -> Bool {
        using_history()
        stifle_history(2_000)
        do {
            try AppDirectories.ensureDirectory(session.directories.state, lectorsOwn: true)
            try AppDirectories.ensurePrivateFile(path)
        } catch {
            Console.note("command history will not be saved: \(error.description)")
            return false
        }
        read_history(path)
        history_truncate_file(path, 2_000)
        return true
    }

    private func installCompletion() {
        let directories = session.directories
        ReadlineBridge.completer = Completer(inREPL: true, openStore: { Store.openReadOnly(path: directories.databasePath) },
                                             profiles: { ProfileCatalog(directories: directories).entries.map(\.profile) },
                                             lastList: { ArticleHandles(directories: directories).ids })
        rl_readline_name = UnsafePointer(strdup("lector"))
        rl_completer_quote_characters = UnsafePointer(strdup("\"'"))
        rl_filename_quote_characters = UnsafePointer(strdup(" \t\n\"\\'`$><=;|&{("))
        rl_catch_signals = 0
        rl_attempted_completion_function = { text, start, end in
            rl_attempted_completion_over = 1  // never fall back to file names
            rl_filename_quoting_desired = 1   // quote values with spaces, like file names
            rl_filename_completion_desired = 1
            let buffer = rl_line_buffer.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: Int(end)), as: UTF8.self) } ?? ""
            let words = ShellWords.splitForCompletion(buffer)
            // Readline prints the candidates itself, past the Console writer: they are sanitised
            // here, as `__complete` sanitises what it hands to a shell.
            ReadlineBridge.pendingMatches = ReadlineBridge.completer?.complete(words).candidates.map { TerminalText.sanitize($0.value) } ?? []
            return rl_completion_matches(text) { _, state in
                guard !ReadlineBridge.pendingMatches.isEmpty else { return nil }
                return strdup(ReadlineBridge.pendingMatches.removeFirst())  // readline frees it
            }
        }
    }

    /// Reads one line through readline's callback interface, so Ctrl-C can be handled between
    /// keystrokes without killing the process. Returns nil at Ctrl-D.
    private func readLine(prompt: String) -> String? {
        ReadlineBridge.finishedLine = nil
        ReadlineBridge.reachedEOF = false
        rl_callback_handler_install(prompt) { line in
            if let line {
                ReadlineBridge.finishedLine = String(cString: line)
                free(line)
            } else {
                ReadlineBridge.reachedEOF = true
            }
            rl_callback_handler_remove()
        }
        Interrupt.clear()
        while ReadlineBridge.finishedLine == nil && !ReadlineBridge.reachedEOF {
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 250)
            if Interrupt.isRequested {
                Interrupt.clear()
                abandonLine()
                continue
            }
            if ready > 0 { rl_callback_read_char() }
            if let summary = ReadlineBridge.backgroundSync?.finishedSummary() {
                ReadlineBridge.backgroundSync = nil
                printAbovePrompt(summary)
            }
        }
        if ReadlineBridge.reachedEOF {
            Console.out("\n")
            return nil
        }
        return ReadlineBridge.finishedLine
    }

    /// Prints a line between prompts without disturbing what is being typed.
    private func printAbovePrompt(_ message: String) {
        let typed = rl_line_buffer.map { String(cString: $0) } ?? ""
        let point = rl_point
        rl_replace_line("", 0)
        rl_redisplay()
        Console.replaceLine(TerminalText.sanitize(message) + "\n")
        rl_on_new_line()
        rl_replace_line(typed, 0)
        rl_point = point
        rl_redisplay()
    }

    private func abandonLine() {
        rl_free_line_state()
        rl_callback_sigcleanup()
        rl_replace_line("", 0)
        Console.out("^C\n")
        rl_on_new_line()
        rl_redisplay()
    }
}

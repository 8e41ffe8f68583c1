import Glibc

/// Shows long text through a pager the way git does: the pager runs in Lector's own process group,
/// which is the terminal's foreground group, so it can read keys and draw (a pager in a group of
/// its own is stopped by the terminal, or draws nothing).
enum Pager {
    /// Which pager to use: `--no-pager` wins, then the reader.pager setting, then $PAGER, then
    /// `less`. nil means print straight to the terminal (`cat` would do no more than that).
    static func command(noPager: Bool, setting: String?, environment: [String: String]) -> String? {
        if noPager { return nil }
        let chosen = (setting ?? environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less").trimmingWhitespace
        return chosen.isEmpty || chosen == "cat" ? nil : chosen
    }

    /// The pager's environment: git's defaults for less (quit when the text fits one screen, keep
    /// colours, leave the text on screen) unless the user set their own.
    static func environment(_ base: [String: String]) -> [String: String] {
        var environment = base
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        if environment["LV"] == nil { environment["LV"] = "-c" }
        // Lector writes UTF-8 whatever the locale; without one (a bare container, an ssh session
        // that sets none) less would show every non-ASCII character as <E2><80><94>.
        if environment["LESSCHARSET"] == nil { environment["LESSCHARSET"] = "utf-8" }
        return environment
    }

    enum Outcome: Equatable {
        /// The pager ran; it may have been quit before reading everything, which is fine.
        case shown
        /// It could not be started (or the shell could not find it): the caller prints instead.
        case notStarted
    }

    /// Pipes `text` into `/bin/sh -c command` and waits for the pager to end.
    static func show(_ text: String, command: String, environment: [String: String]) -> Outcome {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return .notStarted }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        // Neither end may leak into the pager beyond its stdin, or it would never see end of input.
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, readEnd, STDIN_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        // Lector ignores SIGPIPE and may catch SIGINT; the pager gets the defaults and no mask.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGINT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { (word: String) in strdup(word) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { (name: String, value: String) in strdup(name + "=" + value) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, envp)
        close(readEnd)
        guard spawned == 0 else {
            close(writeEnd)
            return .notStarted
        }
        // One-shot, Ctrl-C belongs to the pager (less uses it to stop a search); Lector waits.
        // In the REPL the handler only sets a flag, which the caller clears.
        var previous = sigaction()
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(SIGINT, nil, &previous)
        let wasDefault = previous.__sigaction_handler.sa_handler == nil
        if wasDefault { sigaction(SIGINT, &ignore, nil) }
        defer { if wasDefault { sigaction(SIGINT, &previous, nil) } }

        // An early `q` closes the pipe: EPIPE ends the writing, nothing else.
        Console.write(text, to: writeEnd)
        close(writeEnd)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        return exited && code == 127 ? .notStarted : .shown
    }
}

extension Pager {
    /// Pages `text` when standard output is a terminal and a pager is chosen (see `command`):
    /// true once the pager has shown it, false when the caller prints it instead.
    static func pageOnTerminal(_ text: String, _ invocation: Invocation, setting: String?, session: Session) -> Bool {
        pageOnTerminal(text, noPager: invocation.flag("no-pager"), json: invocation.wantsJSON, setting: setting, session: session)
    }

    /// Long REPL output whose start would scroll away (help, settings list), paged as `article
    /// list` is — in the REPL only: one-shot, such text is for the user's own pager or grep.
    static func pageInREPL(_ text: String, noPager: Bool = false, json: Bool = false, session: Session) -> Bool {
        guard session.inREPL else { return false }
        // Settings that cannot be read leave the choice to $PAGER, then less: the text is shown either way.
        let setting = (try? session.preferences())?.pager
        return pageOnTerminal(text, noPager: noPager, json: json, setting: setting, session: session)
    }

    private static func pageOnTerminal(_ text: String, noPager: Bool, json: Bool, setting: String?, session: Session) -> Bool {
        guard !json, isatty(STDOUT_FILENO) == 1,
              let pager = command(noPager: noPager, setting: setting, environment: session.environment),
              show(text, command: pager, environment: environment(session.environment)) == .shown else { return false }
        Interrupt.clear()  // a Ctrl-C inside the pager was the pager's
        return true
    }
}

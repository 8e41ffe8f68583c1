import Glibc
import Synchronization

/// The terminal while `lector browse` runs: raw input (no echo, no line editing, the terminal's
/// own Ctrl-C and Ctrl-Z off, so they arrive as keys; a SIGINT sent from elsewhere ends the view too), the alternate screen and a hidden cursor.
/// `leave()` puts back exactly the modes found, and the main screen with what it showed.
///
/// Resizes (SIGWINCH), a resume after a stop (SIGCONT), a stop asked from outside (SIGTSTP) and
/// an interrupt (SIGINT) and the end of the session (SIGTERM, SIGHUP) reach the event loop through a pipe: the handler only
/// writes the signal's number to it (async-signal-safe), and `next` wakes up on it.
final class RawTerminal {
    enum Event: Equatable {
        case keys([BrowseKey])
        case resized, resumed, stopRequested, interrupted, terminated, idle
    }

    private var saved = termios()
    private var active = false
    private var pending: [UInt8] = []
    /// Each row of the screen as the last frame drew it (`BrowseFrame.rowBytes`); nil when what
    /// the screen shows is not known: just taken over, or cleared.
    private var shownRows: [String]?
    private var shownColumns = 0
    private var previousActions: [Int32: sigaction] = [:]
    private static let signalWriter = Atomic<Int32>(-1)
    private var signalReader: Int32 = -1
    private static let handled = [SIGWINCH, SIGCONT, SIGTSTP, SIGINT, SIGTERM, SIGHUP]

    /// Takes over the terminal; false when standard input or output is not one.
    func enter() -> Bool {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { return false }
        if signalReader < 0 { installSignals() }
        applyRawMode()
        // The cursor is hidden by each frame, which ends with that code.
        write("\u{1b}[?1049h\u{1b}[?7l")
        shownRows = nil
        active = true
        return true
    }

    /// Gives the terminal back as it was found; safe to call twice.
    func leave() {
        guard active else { return }
        active = false
        write("\u{1b}[?7h\u{1b}[?25h\u{1b}[?1049l")
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    }

    /// Ends the session: the terminal back, the signal handlers as they were.
    func close() {
        leave()
        for (signal, var action) in previousActions { sigaction(signal, &action, nil) }
        previousActions = [:]
        let reader = signalReader, writer = Self.signalWriter.exchange(-1, ordering: .sequentiallyConsistent)
        if reader >= 0 { Glibc.close(reader) }
        if writer >= 0 { Glibc.close(writer) }
        signalReader = -1
    }

    /// Stops the process the way Ctrl-Z at a shell does, with the terminal given back first; on
    /// `fg` it is taken over again (the caller redraws).
    func suspend() {
        leave()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        var ours = sigaction()
        sigaction(SIGTSTP, &action, &ours)
        raise(SIGTSTP)
        sigaction(SIGTSTP, &ours, nil)
        _ = enter()
    }

    /// The screen's size in cells (80×24 when the terminal does not say).
    func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Waits up to `milliseconds` (-1: for ever) for keys or a signal.
    func next(timeout milliseconds: Int32) -> Event {
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signalReader, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&fds, 2, pending.isEmpty ? milliseconds : 30)
        if ready < 0 { return errno == EINTR ? .idle : .terminated }
        if fds[1].revents & Int16(POLLIN) != 0 {
            var number: UInt8 = 0
            if read(signalReader, &number, 1) == 1 {
                switch Int32(number) {
                // A resize, or a resume after a stop asked from outside (the shell may have
                // written on the screen meanwhile): the next frame draws every row.
                case SIGWINCH: shownRows = nil; return .resized
                case SIGCONT: shownRows = nil; return .resumed
                case SIGTSTP: return .stopRequested
                case SIGINT: return .interrupted
                default: return .terminated
                }
            }
        }
        guard fds[0].revents & Int16(POLLIN) != 0 else {
            // An ESC with nothing after it in time is the Escape key.
            guard !pending.isEmpty else { return .idle }
            let keys = KeyDecoder.decode(pending, final: true).keys
            pending = []
            return .keys(keys)
        }
        if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 && fds[0].revents & Int16(POLLIN) == 0 { return .terminated }
        return nextKey()
    }

    /// Reads the bytes of one key and no more: what is typed after the key that ends the view (a
    /// fast typist's `q` and the next command line) stays in the terminal's queue for the shell,
    /// as it would after any program that reads its input a line or a key at a time.
    private func nextKey() -> Event {
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 0 { return .terminated }
            if count < 0 { return errno == EINTR || errno == EAGAIN ? .idle : .terminated }
            let (keys, rest) = KeyDecoder.decode(pending + [byte], final: false)
            pending = rest
            if !keys.isEmpty { return .keys(keys) }
            // The start of an escape sequence or of a character: its other bytes come with it, or
            // (a lone Escape) not at all, which `next` settles after a short wait.
            var more = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&more, 1, 0) > 0, more.revents & Int16(POLLIN) != 0 else { return .idle }
        }
    }

    /// Draws `frame`, rewriting only the rows that changed since the last frame (all of them
    /// after `clear`, Ctrl-L, which also wipes what anything else left on the screen); ends with
    /// the code that hides the cursor, which nothing else writes.
    func draw(_ frame: BrowseFrame, columns: Int, rows: Int, clear: Bool) {
        // After a change of width a terminal may have cut or moved what it showed.
        let (bytes, drawn) = frame.bytes(rows: rows, over: clear || columns != shownColumns ? nil : shownRows)
        shownRows = drawn
        shownColumns = columns
        write((clear ? "\u{1b}[2J" : "") + bytes + "\u{1b}[?25l")
    }

    /// Writes all of `text` to the terminal.
    func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 { if errno == EINTR { continue } else { return } }
            offset += written
        }
    }

    private func applyRawMode() {
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    }

    private func installSignals() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        signalReader = fds[0]
        Self.signalWriter.store(fds[1], ordering: .sequentiallyConsistent)
        for signal in Self.handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let writer = RawTerminal.signalWriter.load(ordering: .sequentiallyConsistent)
                guard writer >= 0 else { return }
                var byte = UInt8(truncatingIfNeeded: number)
                _ = Glibc.write(writer, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var previous = sigaction()
            sigaction(signal, &action, &previous)
            previousActions[signal] = previous
        }
    }
}

extension RawTerminal {
    /// Waits for one key on the main screen (after a command run outside the full screen).
    func waitForKey() {
        var cooked = termios()
        guard tcgetattr(STDIN_FILENO, &cooked) == 0 else { return }
        var raw = cooked
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) < 0 && errno == EINTR {}
        tcsetattr(STDIN_FILENO, TCSANOW, &cooked)
    }
}

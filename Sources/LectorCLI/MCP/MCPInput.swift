import Glibc
import Synchronization

/// The server's standard input, one message a line, with a ceiling on a line's length: a longer
/// line is read to its end and thrown away (never held), and reported as such so the client gets
/// an error answer rather than a dead server. SIGTERM and SIGHUP end the wait for the next line.
final class MCPInput {
    enum Line {
        case message([UInt8])
        /// A line over the ceiling, already skipped.
        case tooLong(bytes: Int)
        /// End of input, or a termination signal: the server ends.
        case end
    }

    let maxLineBytes: Int
    private var buffer: [UInt8] = []
    /// Bytes of a line over the ceiling skipped so far (nil while the line is within it).
    private var skipping: Int?
    private var atEnd = false

    init(maxLineBytes: Int) {
        self.maxLineBytes = maxLineBytes
        MCPTermination.install()
    }

    /// The next line (without its line feed; a carriage return before it goes too).
    func next() -> Line {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if let skipped = skipping {
                    skipping = nil
                    return .tooLong(bytes: skipped + line.count)
                }
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return .message(line)
            }
            if buffer.count > maxLineBytes || skipping != nil {
                skipping = (skipping ?? 0) + buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
            if atEnd || MCPTermination.isRequested {
                // A last line without a line feed still counts; an over-long one was skipped.
                defer { buffer.removeAll() }
                if let skipped = skipping { skipping = nil; return .tooLong(bytes: skipped) }
                return buffer.isEmpty || MCPTermination.isRequested ? .end : .message(buffer)
            }
            readMore()
        }
    }

    /// Waits for input or a termination signal, then reads what there is.
    private func readMore() {
        var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: MCPTermination.wakeReader, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, descriptors[1].fd >= 0 ? 2 : 1, -1)
        if ready < 0 { if errno != EINTR { atEnd = true }; return }
        if MCPTermination.isRequested { return }
        guard descriptors[0].revents != 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno != EINTR && errno != EAGAIN { atEnd = true }
            return
        }
        if count == 0 { atEnd = true; return }
        buffer.append(contentsOf: chunk[..<count])
    }
}

/// SIGTERM and SIGHUP for `lector mcp`: the handler only sets a flag and wakes the input's poll
/// through a pipe (both async-signal-safe); the request being served is finished first, so every
/// store transaction it began ends, and the server then leaves as on end of input.
enum MCPTermination {
    private static let flag = Atomic<Int32>(0)
    private static let writer = Atomic<Int32>(-1)
    // Set once on the main thread before the handler is installed.
    nonisolated(unsafe) private(set) static var wakeReader: Int32 = -1

    static var isRequested: Bool { flag.load(ordering: .sequentiallyConsistent) != 0 }

    static func install() {
        guard wakeReader < 0 else { return }
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
            wakeReader = fds[0]
            writer.store(fds[1], ordering: .sequentiallyConsistent)
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            MCPTermination.flag.store(1, ordering: .sequentiallyConsistent)
            let fd = MCPTermination.writer.load(ordering: .sequentiallyConsistent)
            if fd >= 0 {
                var byte: UInt8 = 1
                _ = write(fd, &byte, 1)
            }
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGTERM, &action, nil)
        sigaction(SIGHUP, &action, nil)
        // A client (or a test runner) may start us with these blocked: then SIGTERM would wait
        // for ever, and the client's "terminate" would turn into its later SIGKILL.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGTERM)
        sigaddset(&unblock, SIGHUP)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }
}

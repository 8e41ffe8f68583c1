import Foundation

/// A program run on a pseudo-terminal of its own, as in a terminal window: the benchmark writes
/// keys to it and reads what it draws, with the time each byte arrived.
final class PseudoTerminal {
    let master: Int32
    let pid: pid_t
    private var buffer: [UInt8] = []

    /// Starts `arguments` as the session leader of a new `columns`×`rows` terminal.
    init(_ arguments: [String], environment: [String: String], columns: Int = 100, rows: Int = 40) throws {
        // posix_openpt, unlockpt and ptsname are hidden from Swift's Glibc; on Linux they are
        // /dev/ptmx and two ioctls (TIOCSPTLCK, TIOCGPTN: _IOW/_IOR('T', 0x31/0x30, int)).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw BenchError.spawnFailed("a pseudo-terminal", errno)
        }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slave = "/dev/pts/\(number)"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in [Int32(0), 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, slave, O_RDWR, 0) }
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session of its own: the terminal opened first becomes its controlling terminal.
        posix_spawnattr_setflags(&attributes, Self.spawnSetSID)
        pid = try ProcessTimer.posixSpawn(arguments, environment: environment, actions: &actions, attributes: &attributes)
    }

    /// glibc's POSIX_SPAWN_SETSID (0x80), which Swift's Glibc does not show.
    private static let spawnSetSID: Int16 = 0x80

    /// Gives the terminal a new size, as a window dragged to it: the program gets SIGWINCH.
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Writes `text` as typed keys.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads until `marker` has arrived (after everything read before), within `timeout` seconds;
    /// returns the monotonic time in seconds when its last byte came.
    func waitFor(_ marker: String, timeout: Double = 30) throws -> Double {
        let needle = Array(marker.utf8)
        let deadline = Self.now() + timeout
        while true {
            if let range = firstRange(of: needle) {
                buffer.removeSubrange(..<range.upperBound)
                return Self.now()
            }
            let left = deadline - Self.now()
            guard left > 0 else { throw BenchError.check("no '\(marker.debugDescription)' from the program within \(timeout) s") }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(left * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(master, &chunk, chunk.count)
            guard count > 0 else { throw BenchError.check("the program closed its terminal before '\(marker.debugDescription)'") }
            buffer += chunk[..<count]
        }
    }

    /// Reads and drops whatever arrives for `seconds`.
    func drain(for seconds: Double) {
        let end = Self.now() + seconds
        while Self.now() < end {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 20) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            if read(master, &chunk, chunk.count) <= 0 { return }
        }
        buffer = []
    }

    /// Waits for the program to end (reading its output so it never blocks on a full terminal).
    func finish() {
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 { drain(for: 0.05) }
        close(master)
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private func firstRange(of needle: [UInt8]) -> Range<Int>? {
        guard buffer.count >= needle.count else { return nil }
        for start in 0...(buffer.count - needle.count) where buffer[start] == needle[0] {
            if Array(buffer[start..<start + needle.count]) == needle { return start..<start + needle.count }
        }
        return nil
    }
}

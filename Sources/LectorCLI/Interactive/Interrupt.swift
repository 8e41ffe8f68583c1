import Glibc
import LectorHTTP
import Synchronization

/// Ctrl-C inside the REPL: abandons the line being typed, cancels a prompt, or stops the running
/// command — network transfers end at once — and never ends the REPL.
///
/// The signal handler only counts and writes one byte to a pipe (both async-signal-safe); a
/// watcher thread blocked on that pipe calls `HTTPCancellation.cancelAll()`, which must not run
/// inside a handler. Blocking on the pipe costs no CPU while nothing happens.
enum Interrupt {
    // Shared with the signal handler: lock-free atomics (a handler may not take a lock).
    /// Ctrl-Cs received since the last `clear()`; written by the signal handler.
    private static let flag = Atomic<Int32>(0)
    /// Ctrl-Cs whose network cancellation the watcher has carried out.
    private static let handled = Atomic<Int32>(0)
    private static let raised = Atomic<Int32>(0)
    private static let wakeWriter = Atomic<Int32>(-1)
    // Confined to the main thread (install runs there, before the handler exists).
    nonisolated(unsafe) private static var installed = false

    static var isRequested: Bool { flag.load(ordering: .sequentiallyConsistent) != 0 }

    static func clear() {
        flag.store(0, ordering: .sequentiallyConsistent)
    }

    /// Replaces the default "terminate" action of SIGINT and starts the watcher; once per process.
    static func install() {
        guard !installed else { return }
        installed = true
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return installFlagOnly() }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        wakeWriter.store(fds[1], ordering: .sequentiallyConsistent)
        let reader = fds[0]
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { argument in
            let reader = Int32(Int(bitPattern: argument))
            var byte: UInt8 = 0
            while true {
                let count = read(reader, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return nil }
                HTTPCancellation.cancelAll()
                Interrupt.handled.wrappingAdd(1, ordering: .sequentiallyConsistent)
            }
        }, UnsafeMutableRawPointer(bitPattern: Int(reader)))
        if started == 0 { pthread_detach(thread) }
        installFlagOnly()
    }

    private static func installFlagOnly() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            Interrupt.flag.store(1, ordering: .sequentiallyConsistent)
            Interrupt.raised.wrappingAdd(1, ordering: .sequentiallyConsistent)
            let writer = Interrupt.wakeWriter.load(ordering: .sequentiallyConsistent)
            if writer >= 0 {
                var byte: UInt8 = 1
                _ = write(writer, &byte, 1)
            }
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: poll() and read() must wake up with EINTR
        sigaction(SIGINT, &action, nil)
        // A parent may have started us with SIGINT blocked (daemons, some test runners): unblock it.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Between two commands: waits (briefly) for the watcher to finish cancelling, so a late
    /// `cancelAll()` cannot hit the next command, then lets the network work again.
    static func settle() {
        var waited = 0
        while handled.load(ordering: .sequentiallyConsistent) != raised.load(ordering: .sequentiallyConsistent)
                && wakeWriter.load(ordering: .sequentiallyConsistent) >= 0 && waited < 200 {
            usleep(1_000)
            waited += 1
        }
        HTTPCancellation.resume()
        clear()
    }
}

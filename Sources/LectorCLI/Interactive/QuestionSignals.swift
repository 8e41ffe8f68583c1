import Glibc
import Synchronization

/// The end of the session (SIGTERM, SIGHUP) while a question waits at the terminal. Left to
/// their default action they kill Lector where it stands — at a secret prompt with the
/// terminal's echo off — so for the length of the wait they are caught: the wait ends, the
/// question gives the terminal back, and Lector exits 130 (as for Ctrl-C), in the REPL too,
/// which a termination ends. Their previous actions come back after the question.
enum QuestionSignals {
    /// The signal received during the question; written by the handler (lock-free: a handler may not take a lock).
    private static let received = Atomic<Int32>(0)

    static var terminationRequested: Bool { received.load(ordering: .sequentiallyConsistent) != 0 }

    /// Runs `body` (a wait for a line at the terminal) with SIGTERM and SIGHUP caught.
    static func catching<T>(_ body: () throws(CLIError) -> T) throws(CLIError) -> T {
        received.store(0, ordering: .sequentiallyConsistent)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in QuestionSignals.received.store(number, ordering: .sequentiallyConsistent) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: the wait's poll() wakes up with EINTR
        var previous: [(number: Int32, action: sigaction)] = []
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in [SIGTERM, SIGHUP] {
            var old = sigaction()
            sigaction(number, &action, &old)
            previous.append((number, old))
            sigaddset(&unblock, number)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        defer {
            for (number, old) in previous {
                var old = old
                sigaction(number, &old, nil)
            }
        }
        return try body()
    }

    /// Once the question gave the terminal back: a termination received during it ends Lector now.
    static func exitIfTerminated() {
        guard terminationRequested else { return }
        exit(ExitStatus.interrupted.rawValue)
    }
}

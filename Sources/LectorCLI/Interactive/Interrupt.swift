import Glibc

/// Ctrl-C inside the REPL: abandons the line being typed, or asks the running command to stop,
/// never ends the REPL. Commands that take long check `isRequested`.
enum Interrupt {
    /// Set from the signal handler; read and cleared on the REPL's thread.
    nonisolated(unsafe) static var flag: sig_atomic_t = 0

    static var isRequested: Bool { flag != 0 }

    static func clear() {
        flag = 0
    }

    /// Replaces the default "terminate" action of SIGINT with setting the flag.
    static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in Interrupt.flag = 1 }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: poll() must wake up with EINTR
        sigaction(SIGINT, &action, nil)
        // A parent may have started us with SIGINT blocked (daemons, some test runners): unblock it.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }
}

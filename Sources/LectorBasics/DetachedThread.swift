import Glibc

/// A thread that runs `body` once and ends (Foundation's `Thread` is not in FoundationEssentials).
public enum DetachedThread {
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// `name` appears only in the message should the thread fail to start.
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, work)
        // Creating a thread fails only when the process is out of threads or memory: nothing to recover.
        precondition(started == 0, "cannot start the \(name) thread: \(String(cString: strerror(started)))")
        pthread_detach(thread)
    }
}

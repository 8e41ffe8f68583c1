#if canImport(Glibc)
import Glibc
#endif

/// The CPU time of the calling thread: what a piece of work costs, not what the machine's other
/// work adds to its wall time (on a shared machine the wall time says more about the load).
public enum ThreadCPUTime {
    /// The CPU time this thread spends in `work`.
    public static func measure(_ work: () throws -> Void) rethrows -> Duration {
        let start = now()
        try work()
        return now() - start
    }

    private static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}

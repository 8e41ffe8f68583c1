import Glibc

/// A mutex, with a condition for the few waits the sync pipeline needs. FoundationEssentials has
/// no NSLock or NSCondition, and full Foundation (with its ICU data) is not linked into the binary.
// Unchecked: it is the lock; its pthread mutex and condition live behind pointers that never change.
public final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Waits for `broadcast` (the lock must be held; it is released while waiting).
    public func wait() { pthread_cond_wait(condition, mutex) }
    /// Wakes every waiter (call with the lock held).
    public func broadcast() { pthread_cond_broadcast(condition) }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

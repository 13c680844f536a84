import Glibc

/// A lock with `NSLock`'s shape (`lock`, `unlock`, `withLock`), on a POSIX mutex: for classes
/// whose state is several fields that threads share, where Synchronization's `Mutex` would
/// have to gather them into one value.
public final class Lock: @unchecked Sendable {
    // The mutex must not move once initialised, so it lives in memory of its own.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// An unlocked lock.
    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Waits until the lock is free and takes it.
    public func lock() { pthread_mutex_lock(mutex) }

    /// Frees the lock the calling thread holds.
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// `body`'s result, run holding the lock.
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

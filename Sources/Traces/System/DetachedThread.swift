import Glibc

/// A thread of its own for work that blocks (reading a file, waiting on a socket, pacing a
/// probe), started with POSIX threads: Foundation's `Thread` would load Foundation's whole
/// Objective-C layer at launch.
public enum DetachedThread {
    /// Starts `body` on a new detached thread. Returns false when the system cannot start one.
    @discardableResult
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Start(body: body)).toOpaque()
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let started = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            let start = Unmanaged<Start>.fromOpaque(context).takeRetainedValue()
            start.body()
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<Start>.fromOpaque(context).release()
            return false
        }
        return true
    }

    /// Sleeps the calling thread for `seconds` (nothing when not positive), through interrupts.
    public static func sleep(seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    private final class Start: Sendable {
        let body: @Sendable () -> Void
        init(body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }
}

import Glibc

/// A thread of its own for work that blocks (reading a file, waiting on a socket, pacing a
/// probe), started with POSIX threads: Foundation's `Thread` would load Foundation's whole
/// Objective-C layer at launch.
public enum DetachedThread {
    /// Starts `body` on a new detached thread. Returns false when the system cannot start one.
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

    private final class Start: Sendable {
        let body: @Sendable () -> Void
        init(body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }
}

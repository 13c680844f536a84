import Glibc

/// The system's monotonic clock, shared by every process on the machine: what the bench
/// launches the window by and the window reports its start-up in.
package enum MonotonicTime {
    /// Seconds on the monotonic clock.
    package static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

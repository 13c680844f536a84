import Glibc

/// Waiting on the calling thread, with the system's `nanosleep`: to tens of microseconds, where
/// Foundation's `Thread.sleep` would load Foundation's whole library at launch.
public enum Pause {
    /// The longest pause, in seconds (a day): a longer one is cut to it.
    public static let longest = 86_400.0

    /// Sleeps the calling thread for `seconds` (nothing when not positive or not a number),
    /// through interruptions.
    public static func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        let wait = min(seconds, longest)
        let whole = wait.rounded(.down)
        var request = timespec(tv_sec: Int(whole), tv_nsec: Int((wait - whole) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

/// Sample times as the velocity trackers compare them: whole microseconds.
///
/// Events carry times in seconds (`Double`). A tracker converts each one once, rounding to the
/// nearest microsecond, and from then on compares ages exactly: a sample 100 ms old is 100,000 µs
/// old wherever the trace's clock started, so shifting a trace in time cannot change which
/// samples a window keeps.
package enum SampleTime {
    /// The largest magnitude kept, in microseconds (about 285 years): differences of two clamped
    /// times cannot overflow.
    package static let limit: Int64 = 9_000_000_000_000_000

    /// `seconds` rounded to the nearest whole microsecond; not-a-number reads as 0 and values
    /// beyond ±`limit` are clamped, so external data cannot trap.
    package static func microseconds(_ seconds: Double) -> Int64 {
        let scaled = (seconds * 1_000_000).rounded()
        guard !scaled.isNaN else { return 0 }
        return Int64(min(max(scaled, -Double(limit)), Double(limit)))
    }
}

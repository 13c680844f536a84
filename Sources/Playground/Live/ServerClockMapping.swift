/// Puts the times a display server gives its events (the X server's milliseconds, on the
/// server's own clock) onto the window's clock.
///
/// A local X server (Xorg, Xvfb, Xwayland) stamps events with the system's monotonic clock
/// in milliseconds, so when the caller can read that clock as the event arrives, the event's
/// age is simply now minus its stamp, and its arrival on the window's clock is the window's
/// now minus that age: exact to the server's millisecond, whatever the window was doing.
///
/// When the server's clock is another (a remote display), each event's `received − server
/// time` is the clocks' offset plus a delay that is never negative; the smallest value seen
/// is the best estimate of the offset. That minimum is taken over a sliding window, so the
/// estimate follows the two clocks' slow drift apart.
package struct ServerClockMapping {
    /// The oldest an event can be, by the monotonic clock, for its stamp to be taken as that
    /// clock's, in seconds; older (or from the future) means the server keeps another clock.
    static let sameClockAgeLimit = 1.0
    /// How long an observation counts towards the minimum, in seconds.
    let window: Double
    /// Observations whose offset might still be the minimum, oldest first, offsets rising.
    private var candidates: [(receivedAt: Double, offset: Double)] = []
    private var candidatesHead = 0
    /// The server's 32-bit millisecond counter, unwrapped.
    private var lastServerMilliseconds: UInt32?
    private var serverWraps: Int64 = 0

    /// A mapping whose minimum looks back `window` seconds.
    package init(window: Double = 30) {
        self.window = window
    }

    /// The time, on the window's clock (seconds), at which the server stamped an event with
    /// `serverMilliseconds`, given that the window received it at `receivedAt` seconds, when
    /// the system's monotonic clock read `monotonicMilliseconds` at that moment.
    package mutating func arrival(serverMilliseconds: UInt32, receivedAt: Double, monotonicMilliseconds: Double) -> Double {
        // The server truncates to the millisecond: the stamp is the middle of that millisecond.
        let monotonicCounter = UInt32(truncatingIfNeeded: Int64(monotonicMilliseconds.rounded(.down)))
        let wholeMilliseconds = Double(Int32(bitPattern: monotonicCounter &- serverMilliseconds))
        let age = (wholeMilliseconds + monotonicMilliseconds - monotonicMilliseconds.rounded(.down) - 0.5) / 1000
        if age >= -0.001 && age <= Self.sameClockAgeLimit {
            return receivedAt - max(age, 0)
        }
        return arrival(serverMilliseconds: serverMilliseconds, receivedAt: receivedAt)
    }

    /// The time, on the window's clock (seconds), at which a server on a clock of its own
    /// stamped an event with `serverMilliseconds`, given that the window received it at
    /// `receivedAt` seconds.
    mutating func arrival(serverMilliseconds: UInt32, receivedAt: Double) -> Double {
        if let last = lastServerMilliseconds, serverMilliseconds < last, last - serverMilliseconds > UInt32.max / 2 {
            serverWraps += 1
        }
        lastServerMilliseconds = serverMilliseconds
        let serverSeconds = Double(serverWraps << 32 + Int64(serverMilliseconds)) / 1000
        let offset = receivedAt - serverSeconds
        while candidates.count > candidatesHead, let last = candidates.last, last.offset >= offset {
            candidates.removeLast()
        }
        candidates.append((receivedAt, offset))
        while candidates.count - candidatesHead > 1, receivedAt - candidates[candidatesHead].receivedAt > window {
            candidatesHead += 1
        }
        if candidatesHead > 256 && candidatesHead * 2 > candidates.count {
            candidates.removeFirst(candidatesHead)
            candidatesHead = 0
        }
        return min(serverSeconds + candidates[candidatesHead].offset, receivedAt)
    }
}

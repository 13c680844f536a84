/// Puts the times a display server gives its events (the X server's milliseconds, on the
/// server's own clock) onto the window's clock.
///
/// An event reaches the window some time after the server stamped it, never before, so for
/// each event `received − serverTime` is the clocks' offset plus a delay that is never
/// negative; the smallest value seen is the best estimate of the offset. The minimum is taken
/// over a sliding window, so the estimate follows the two clocks' slow drift apart.
struct ServerClockMapping {
    /// How long an observation counts towards the minimum, in seconds.
    let window: Double
    /// Observations whose offset might still be the minimum, oldest first, offsets rising.
    private var candidates: [(receivedAt: Double, offset: Double)] = []
    private var candidatesHead = 0
    /// The server's 32-bit millisecond counter, unwrapped.
    private var lastServerMilliseconds: UInt32?
    private var serverWraps: Int64 = 0

    /// A mapping whose minimum looks back `window` seconds.
    init(window: Double = 30) {
        self.window = window
    }

    /// The time, on the window's clock (seconds), at which the server stamped an event with
    /// `serverMilliseconds`, given that the window received it at `receivedAt` seconds.
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

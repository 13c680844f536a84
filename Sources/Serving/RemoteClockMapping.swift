/// Puts the times a phone stamped its touches with (`event.timeStamp`, its own clock, in
/// seconds) onto the window's clock, so that the intervals between touches, and so their
/// velocities, stay the phone's.
///
/// Touches come in batches, and a batch cannot hold a touch made after the batch arrived. The
/// first batch of a stream sets the offset so that its newest touch is placed at the batch's
/// arrival plus the playout delay: `offset = arrival − newest phone time + delay`. Every touch
/// is placed at `phone time + offset`, so intervals are exactly the phone's. A later batch
/// whose newest touch would land after its own arrival plus the delay (the first batch was
/// delayed more than it) lowers the offset to put it there: the offset is the smallest
/// `arrival − newest phone time` seen, plus the delay, which nears the true offset plus the
/// smallest network delay. Mapped times never go back: a touch that would map before the
/// previous one is put at the previous one's time. A new stream (the page was reloaded and its
/// clock restarted) starts again from its first batch.
///
/// The playout delay is what lets the window handle every touch at its mapped time although
/// the network delivers them unevenly: a touch delayed up to that much more than the least
/// delayed one still arrives before its time comes.
public struct RemoteClockMapping: Sendable {
    private var stream: String?
    private var offset = 0.0
    private var lastMapped = -Double.infinity
    /// How much later than its arrival a touch is handled at the least, in seconds.
    public let playoutDelay: Double
    /// What `play --serve` uses: 50 ms, three frames at 60 Hz.
    public static let standardPlayoutDelay = 0.05

    /// A mapping that has seen nothing, with `playoutDelay` seconds of playout delay.
    public init(playoutDelay: Double) {
        self.playoutDelay = playoutDelay
    }

    /// The window times (seconds) of a batch of touches the phone stamped `phoneTimes`
    /// (seconds, in the batch's order) in stream `stream`, received whole at `receivedAt`
    /// seconds on the window's clock.
    public mutating func windowTimes(of phoneTimes: [Double], stream: String, receivedAt: Double) -> [Double] {
        guard let newest = phoneTimes.max() else { return [] }
        if stream != self.stream {
            self.stream = stream
            offset = receivedAt - newest + playoutDelay
        }
        offset = min(offset, receivedAt - newest + playoutDelay)
        return phoneTimes.map { phoneTime in
            lastMapped = max(phoneTime + offset, lastMapped)
            return lastMapped
        }
    }
}

/// Puts the times a phone stamped its touches with (`event.timeStamp`, its own clock, in
/// seconds) onto the window's clock, so that the intervals between touches, and so their
/// velocities, stay the phone's.
///
/// Touches come in batches, and a batch cannot hold a touch made after the batch arrived. The
/// first batch of a stream sets the offset so that its newest touch is placed the playout
/// delay after the batch's arrival: `offset = arrival − newest phone time + delay`. Every
/// touch is placed at `phone time + offset`, so intervals are exactly the phone's. The window
/// takes each touch when its time comes, so a touch that the network delays up to the playout
/// delay more than the first batch still keeps its time. One delayed that much less would wait
/// longer; only when a batch's newest touch would wait more than twice the playout delay after
/// its arrival (the first batch was delayed more than the delay longer than it) is the offset
/// lowered, just enough to put it at twice the delay, so no touch waits longer and intervals
/// shrink by no more than the excess. Mapped
/// times never go back: a touch that would map before the previous one is put at the previous
/// one's time. A new stream (the page was reloaded and its clock restarted) starts again from
/// its first batch.
public struct RemoteClockMapping: Sendable {
    private var stream: String?
    private var offset = 0.0
    private var lastMapped = -Double.infinity
    /// How much later than its arrival a touch is handled at the least, in seconds.
    public let playoutDelay: Double
    /// What `play --serve` uses: 100 ms, six frames at 60 Hz. A browser sends one request at a
    /// time, so a touch can wait for the one before it; in headless Chromium under load that
    /// took up to about 80 ms more than the first request (so 50 ms was not enough).
    public static let standardPlayoutDelay = 0.1

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
        if newest + offset > receivedAt + 2 * playoutDelay {
            offset = receivedAt - newest + 2 * playoutDelay
        }
        return phoneTimes.map { phoneTime in
            lastMapped = max(phoneTime + offset, lastMapped)
            return lastMapped
        }
    }
}

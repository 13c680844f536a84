import Engine

/// A timed position, as kept by velocity trackers.
struct TimedSample: Hashable, Sendable {
    /// Position in points.
    var position: Point
    /// Time in whole microseconds.
    var time: Int64
}

/// The last few samples of a pointer, oldest first, in a buffer of fixed capacity: when it is
/// full, a new sample pushes out the oldest (the ring buffers of Flutter's `VelocityTracker`
/// and Android's `AccumulatingVelocityTrackerStrategy`).
struct SampleHistory: Hashable, Sendable {
    /// How many samples are kept at most.
    let capacity: Int
    /// True when a sample stamped with the newest sample's time replaces it instead of being
    /// added (Android's `AccumulatingVelocityTrackerStrategy::addMovement`; Flutter keeps both).
    let replacesSameTime: Bool
    private(set) var samples: [TimedSample] = []

    init(capacity: Int, replacesSameTime: Bool) {
        self.capacity = capacity
        self.replacesSameTime = replacesSameTime
        samples.reserveCapacity(capacity)
    }

    mutating func removeAll() {
        samples.removeAll(keepingCapacity: true)
    }

    mutating func append(_ sample: TimedSample) {
        if replacesSameTime, let newest, newest.time == sample.time {
            samples[samples.count - 1] = sample
            return
        }
        if samples.count == capacity { samples.removeFirst() }
        samples.append(sample)
    }

    /// Drops the oldest samples while they are more than `horizon` µs older than the newest.
    mutating func dropOlder(than horizon: Int64) {
        guard let newest else { return }
        let keepFrom = samples.firstIndex { newest.time - $0.time <= horizon } ?? samples.count
        samples.removeFirst(keepFrom)
    }

    var count: Int { samples.count }

    var newest: TimedSample? { samples.last }
}

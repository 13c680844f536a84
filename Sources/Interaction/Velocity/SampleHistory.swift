import Engine

/// A timed position, as kept by velocity trackers.
struct TimedSample: Hashable, Sendable {
    /// Position in points.
    var position: Point
    /// Time in seconds.
    var time: Double
}

/// The last few samples of a pointer, oldest first, as the velocity trackers of Flutter and
/// Android keep them.
///
/// A sample stamped with the same time as the newest one replaces it (Android's
/// `AccumulatingVelocityTrackerStrategy::addMovement`): SDL2 stamps events in whole
/// milliseconds when it queues them, so a fast device or a burst read in one pump yields
/// several positions with one time, and only the latest of them is where the pointer was then.
struct SampleHistory: Hashable, Sendable {
    /// How many samples are kept at most.
    let capacity: Int
    private var samples: [TimedSample] = []

    init(capacity: Int) {
        self.capacity = capacity
        samples.reserveCapacity(capacity)
    }

    mutating func removeAll() {
        samples.removeAll(keepingCapacity: true)
    }

    mutating func append(_ sample: TimedSample) {
        if let newest, newest.time == sample.time {
            samples[samples.count - 1] = sample
            return
        }
        if samples.count == capacity { samples.removeFirst() }
        samples.append(sample)
    }

    var count: Int { samples.count }

    var newest: TimedSample? { samples.last }

    /// The newest samples, newest first, that lie within `horizon` seconds of the newest and
    /// with no gap between neighbours longer than `maximumGap` seconds (Flutter's
    /// `getVelocityEstimate` loop).
    func recentWindow(horizon: Double, maximumGap: Double) -> [TimedSample] {
        guard let newest else { return [] }
        var window: [TimedSample] = []
        var previous = newest
        for sample in samples.reversed() {
            if newest.time - sample.time > horizon || previous.time - sample.time > maximumGap { break }
            window.append(sample)
            previous = sample
        }
        return window
    }
}

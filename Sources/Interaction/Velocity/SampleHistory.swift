import Engine

/// A timed position, as kept by velocity trackers.
struct TimedSample: Hashable, Sendable {
    /// Position in points.
    var position: Point
    /// Time in whole microseconds.
    var time: Int64
}

/// The last few samples of a pointer, oldest first, in a ring buffer of fixed capacity: when
/// it is full, a new sample pushes out the oldest (the ring buffers of Flutter's
/// `VelocityTracker` and Android's `AccumulatingVelocityTrackerStrategy`). Adding and dropping
/// samples never moves the others, so a pointer's move costs the same however long it lasts.
struct SampleHistory: Hashable, Sendable {
    /// How many samples are kept at most.
    let capacity: Int
    /// True when a sample stamped with the newest sample's time replaces it instead of being
    /// added (Android's `AccumulatingVelocityTrackerStrategy::addMovement`; Flutter keeps both).
    let replacesSameTime: Bool
    /// The ring, allocated whole once; only the `count` slots from `oldestSlot` on (wrapping)
    /// hold samples.
    private var ring: [TimedSample]
    /// The slot of the oldest sample.
    private var oldestSlot = 0
    /// How many samples are kept.
    private(set) var count = 0

    init(capacity: Int, replacesSameTime: Bool) {
        self.capacity = max(capacity, 1)
        self.replacesSameTime = replacesSameTime
        ring = Array(repeating: TimedSample(position: .zero, time: 0), count: self.capacity)
    }

    /// The samples kept, oldest first.
    var samples: [TimedSample] { (0..<count).map { ring[slot($0)] } }

    var newest: TimedSample? { count > 0 ? ring[slot(count - 1)] : nil }

    mutating func removeAll() {
        oldestSlot = 0
        count = 0
    }

    mutating func append(_ sample: TimedSample) {
        if replacesSameTime, let newest, newest.time == sample.time {
            ring[slot(count - 1)] = sample
            return
        }
        if count == capacity {
            ring[oldestSlot] = sample
            oldestSlot = slot(1)
            return
        }
        ring[slot(count)] = sample
        count += 1
    }

    /// Drops the oldest samples while they are more than `horizon` µs older than the newest.
    mutating func dropOlder(than horizon: Int64) {
        guard let newest else { return }
        while count > 0, newest.time - ring[oldestSlot].time > horizon {
            oldestSlot = slot(1)
            count -= 1
        }
    }

    /// Two histories are equal when they keep the same samples under the same rules, wherever
    /// the ring holds them.
    static func == (left: SampleHistory, right: SampleHistory) -> Bool {
        left.capacity == right.capacity && left.replacesSameTime == right.replacesSameTime && left.samples == right.samples
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(capacity)
        hasher.combine(replacesSameTime)
        hasher.combine(samples)
    }

    /// The ring slot of the sample `offset` places after the oldest.
    private func slot(_ offset: Int) -> Int {
        let slot = oldestSlot + offset
        return slot >= capacity ? slot - capacity : slot
    }
}

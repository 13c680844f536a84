import Engine

/// A timed position, as kept by velocity trackers.
struct TimedSample: Hashable, Sendable {
    var position: Point
    var time: Double
}

/// The last few samples of a pointer in a fixed ring, newest last, as the velocity trackers
/// of Flutter and Android keep them.
struct SampleHistory: Hashable, Sendable {
    /// How many samples are kept at most.
    let capacity: Int
    private var storage: [TimedSample] = []
    private var head = 0

    init(capacity: Int) {
        self.capacity = capacity
        storage.reserveCapacity(capacity)
    }

    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        head = 0
    }

    mutating func append(_ sample: TimedSample) {
        if storage.count < capacity {
            storage.append(sample)
        } else {
            storage[head] = sample
            head = (head + 1) % capacity
        }
    }

    var count: Int { storage.count }

    /// The sample `age` places back from the newest (0 is the newest).
    func sample(back age: Int) -> TimedSample {
        let newestIndex = (head + storage.count - 1) % storage.count
        return storage[(newestIndex - age + storage.count) % storage.count]
    }

    var newest: TimedSample? { storage.isEmpty ? nil : sample(back: 0) }

    /// The newest samples, newest first, that lie within `horizon` seconds of the newest and
    /// with no gap between neighbours longer than `maximumGap` seconds.
    func recentWindow(horizon: Double, maximumGap: Double) -> [TimedSample] {
        guard let newest else { return [] }
        var window: [TimedSample] = [newest]
        var previous = newest
        var age = 1
        while age < storage.count {
            let sample = self.sample(back: age)
            if newest.time - sample.time > horizon || previous.time - sample.time > maximumGap { break }
            window.append(sample)
            previous = sample
            age += 1
        }
        return window
    }
}

import Engine
import Interaction

/// What `trace info` reports about a trace: how long, how many events and pointers, how
/// regularly it was sampled, where it went and how fast.
public struct TraceStatistics: Hashable, Sendable {
    /// Seconds from the first event to the last.
    public var duration: Double
    /// Number of events.
    public var eventCount: Int
    /// Number of events of each phase.
    public var phaseCounts: [PointerPhase: Int]
    /// Number of distinct contacts (downs).
    public var contactCount: Int
    /// The most pointers down at once.
    public var maximumSimultaneousPointers: Int
    /// Number of frames (distinct timestamps).
    public var frameCount: Int
    /// Median interval between consecutive moves of the same pointer, in seconds.
    public var medianMoveInterval: Double?
    /// Longest interval between consecutive moves of the same pointer, in seconds.
    public var worstMoveInterval: Double?
    /// The smallest rectangle holding every position, in points.
    public var boundingBox: Rect?
    /// Median speed over move intervals, in points per second.
    public var medianSpeed: Double?
    /// Highest speed over one move interval, in points per second.
    public var maximumSpeed: Double?

    /// The sampling rate implied by the median interval, in hertz.
    public var medianSamplingRate: Double? {
        guard let medianMoveInterval, medianMoveInterval > 0 else { return nil }
        return 1 / medianMoveInterval
    }

    /// Measures `events`.
    public init(events: [PointerEvent]) {
        var iterator = events.makeIterator()
        self.init(next: { iterator.next() })
    }

    /// Measures the events `next` gives (a ``TraceReader``'s, one at a time): only two numbers
    /// per move are kept, for the medians, never the events.
    public init(next: () throws -> PointerEvent?) rethrows {
        var firstTime: Double?
        var count = 0
        var phases: [PointerPhase: Int] = [:]
        var down: Set<Int> = []
        var maximumDown = 0
        var contacts = 0
        var frames = 0
        var lastTime: Double?
        var lastSample: [Int: (position: Point, time: Double)] = [:]
        var intervals: [Double] = []
        var speeds: [Double] = []
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        while let event = try next() {
            if firstTime == nil { firstTime = event.timestamp }
            count += 1
            phases[event.phase, default: 0] += 1
            if event.timestamp != lastTime { frames += 1 }
            lastTime = event.timestamp
            minX = min(minX, event.position.x)
            minY = min(minY, event.position.y)
            maxX = max(maxX, event.position.x)
            maxY = max(maxY, event.position.y)
            switch event.phase {
            case .down:
                contacts += 1
                down.insert(event.pointerID)
                maximumDown = max(maximumDown, down.count)
                lastSample[event.pointerID] = (event.position, event.timestamp)
            case .move:
                if let previous = lastSample[event.pointerID] {
                    let interval = event.timestamp - previous.time
                    if interval > 0 {
                        intervals.append(interval)
                        speeds.append((event.position - previous.position).length / interval)
                    }
                }
                lastSample[event.pointerID] = (event.position, event.timestamp)
            case .up, .cancel:
                down.remove(event.pointerID)
                lastSample[event.pointerID] = nil
            }
        }
        duration = (lastTime ?? 0) - (firstTime ?? 0)
        eventCount = count
        phaseCounts = phases
        contactCount = contacts
        maximumSimultaneousPointers = maximumDown
        frameCount = frames
        medianMoveInterval = Self.median(intervals)
        worstMoveInterval = intervals.max()
        boundingBox = count == 0 ? nil : Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        medianSpeed = Self.median(speeds)
        maximumSpeed = speeds.max()
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

import Engine

/// The state of a replay at one instant, for pictures of it: contact sheets, frames, plots.
public struct ReplaySnapshot: Hashable, Sendable {
    /// Time in seconds on the trace's clock.
    public var time: Double
    /// The presented progress, 0…1.
    public var progress: Double
    /// The driver's state.
    public var state: DriverState
    /// The pointers in contact and where they are, in points, by id.
    public var pointers: [Int: Point]
    /// What a release now would measure, while a gesture holds the transition.
    public var pendingMeasurement: ReleaseMeasurement?
    /// What a release now would decide, while a gesture holds the transition.
    public var pendingDecision: ReleaseDecision?
}

/// Samples a replay at chosen times.
public enum ReplayTimeline {
    /// When the replay of `events` comes to rest: the end of the last completion, or the
    /// last event's time.
    public static func endTime(of events: [PointerEvent], configuration: ResolvedConfiguration) -> Double {
        endTime(of: events, records: HeadlessReplay.run(events, configuration: configuration))
    }

    /// When a replay that produced `records` from `events` comes to rest, for callers that
    /// have replayed already.
    public static func endTime(of events: [PointerEvent], records: [TransitionRecord]) -> Double {
        max(records.map(\.endedAt).max() ?? 0, events.last?.timestamp ?? 0)
    }

    /// Snapshots of the replay of `events` at each of `times` (ascending, in seconds).
    public static func snapshots(of events: [PointerEvent], configuration: ResolvedConfiguration, at times: [Double]) -> [ReplaySnapshot] {
        var replay = HeadlessReplay(configuration: configuration, startTime: min(times.first ?? 0, events.first?.timestamp ?? 0))
        var pointers: [Int: Point] = [:]
        var nextEvent = 0
        var snapshots: [ReplaySnapshot] = []
        for time in times {
            while nextEvent < events.count && events[nextEvent].timestamp <= time {
                let event = events[nextEvent]
                replay.feed(event)
                if event.phase.endsContact { pointers[event.pointerID] = nil } else { pointers[event.pointerID] = event.position }
                nextEvent += 1
            }
            replay.advance(to: time)
            let pending = replay.session.pendingRelease()
            snapshots.append(ReplaySnapshot(time: time, progress: replay.session.presentedProgress, state: replay.session.driver.state,
                                            pointers: pointers, pendingMeasurement: pending?.measurement, pendingDecision: pending?.decision))
        }
        return snapshots
    }

    /// `count` times evenly spaced from `start` to `end` seconds, both included.
    public static func evenlySpaced(from start: Double, to end: Double, count: Int) -> [Double] {
        guard count > 1 else { return [start] }
        return (0..<count).map { start + (end - start) * Double($0) / Double(count - 1) }
    }
}

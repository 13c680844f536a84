import Engine

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
    public static func snapshots(of events: [PointerEvent], configuration: ResolvedConfiguration, at times: [Double]) -> [StageSnapshot] {
        var stage = Stage(configuration: configuration, playing: events, startTime: min(times.first ?? 0, events.first?.timestamp ?? 0))
        return times.map { time in
            _ = stage.advance(to: time)
            return stage.snapshot()
        }
    }

    /// `count` times evenly spaced from `start` to `end` seconds, both included.
    public static func evenlySpaced(from start: Double, to end: Double, count: Int) -> [Double] {
        guard count > 1 else { return [start] }
        return (0..<count).map { start + (end - start) * Double($0) / Double(count - 1) }
    }
}

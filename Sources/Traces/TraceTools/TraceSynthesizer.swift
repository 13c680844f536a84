import Engine
import FoundationEssentials
import Glibc
import Interaction

/// Makes long, plausible traces from a seed: horizontal swipes of varied length and speed,
/// released at varied times, with several pointers overlapping. For benchmarks and stress
/// tests; every trace it makes says so in its header (`synthesized`).
public struct TraceSynthesizer: Sendable {
    /// How many events to make (the last gesture may run a few over).
    public var eventCount: Int
    /// How many pointers take part, each making its own gestures in its own horizontal band.
    public var pointerCount: Int
    /// Sampling rate of the moves, in hertz.
    public var sampleRate: Double
    /// The seed: the same seed gives the same trace.
    public var seed: UInt64
    /// The window's size in points.
    public var windowSize: Size

    /// A synthesizer; the defaults make a 120 Hz single-pointer trace.
    public init(eventCount: Int, pointerCount: Int = 1, sampleRate: Double = 120, seed: UInt64 = 1,
                windowSize: Size = Size(width: 800, height: 600)) {
        self.eventCount = max(eventCount, 0)
        self.pointerCount = min(max(pointerCount, 1), PointerSequenceChecker.maximumSimultaneousPointers)
        self.sampleRate = sampleRate
        self.seed = seed
        self.windowSize = windowSize
    }

    /// The header every synthesized trace gets.
    public func header(configuration: SessionConfiguration = SessionConfiguration()) -> TraceHeader {
        var configuration = configuration
        configuration.windowSize = windowSize
        return TraceHeader(created: "", program: "gesture-lab synthesizer seed \(seed)", windowSize: windowSize,
                           devices: [.init(kind: .touch, name: "synthesized")], clock: "synthesized",
                           configuration: configuration, notes: "\(eventCount) synthesized events, \(pointerCount) pointers",
                           synthesized: true, provenance: provenance)
    }

    /// What made the events: this generator's model and its parameters.
    public var provenance: TraceProvenance {
        TraceProvenance(kind: .synthetic, details: [
            ("model", .string("seeded random strokes, one band of the window per pointer (TraceSynthesizer)")),
            ("parameters", .object([("events", .number(Double(eventCount))), ("pointers", .number(Double(pointerCount))),
                                    ("sample_rate_hz", .number(sampleRate)), ("seed", .string(String(seed)))])),
        ])
    }

    /// Calls `emit` with each event in time order, without holding them all.
    public func generate(_ emit: (PointerEvent) throws -> Void) rethrows {
        var generator = SplitMix64(seed: seed)
        let interval = 1 / sampleRate
        var cursors = (0..<pointerCount).map { PointerCursor(id: $0 + 1, band: $0) }
        var emitted = 0
        var tick = 0
        while emitted < eventCount {
            let time = Double(tick) * interval
            for index in cursors.indices {
                guard emitted < eventCount || cursors[index].isDown else { continue }
                if let event = cursors[index].step(at: time, generator: &generator, windowSize: windowSize, pointerCount: pointerCount) {
                    try emit(event)
                    emitted += 1
                }
            }
            tick += 1
        }
        let finalTime = Double(tick) * interval
        for index in cursors.indices where cursors[index].isDown {
            try emit(cursors[index].lift(at: finalTime))
        }
    }

    /// The whole trace in memory.
    public func trace(configuration: SessionConfiguration = SessionConfiguration()) -> Trace {
        var events: [PointerEvent] = []
        events.reserveCapacity(eventCount + pointerCount)
        generate { events.append($0) }
        return Trace(header: header(configuration: configuration), events: events)
    }
}

/// One synthetic finger: rests, goes down, swipes with an ease-out speed profile, sometimes
/// holds still, lifts, rests again.
private struct PointerCursor {
    let id: Int
    let band: Int
    var isDown = false
    var restUntil = 0.0
    var start = Point.zero
    var distance = 0.0
    var duration = 0.0
    var holdUntil = 0.0
    var downTime = 0.0
    var position = Point.zero

    init(id: Int, band: Int) {
        self.id = id
        self.band = band
    }

    mutating func step(at time: Double, generator: inout SplitMix64, windowSize: Size, pointerCount: Int) -> PointerEvent? {
        if !isDown {
            guard time >= restUntil else { return nil }
            let bandHeight = windowSize.height / Double(pointerCount)
            start = Point(x: windowSize.width * (0.2 + 0.6 * generator.nextUnit()),
                          y: bandHeight * (Double(band) + 0.2 + 0.6 * generator.nextUnit()))
            distance = (generator.nextUnit() - 0.5) * windowSize.width * 0.8
            duration = 0.08 + 0.5 * generator.nextUnit()
            holdUntil = time + duration + (generator.nextUnit() < 0.3 ? 0.05 + 0.2 * generator.nextUnit() : 0)
            downTime = time
            position = start
            isDown = true
            return PointerEvent(pointerID: id, kind: .touch, phase: .down, position: start, timestamp: time)
        }
        if time >= holdUntil {
            restUntil = time + 0.05 + 0.3 * generator.nextUnit()
            return lift(at: time)
        }
        let fraction = min((time - downTime) / duration, 1)
        let eased = 1 - (1 - fraction) * (1 - fraction)
        position = Point(x: start.x + distance * eased, y: start.y + 3 * sin(fraction * 6))
        return PointerEvent(pointerID: id, kind: .touch, phase: .move, position: position, timestamp: time)
    }

    mutating func lift(at time: Double) -> PointerEvent {
        isDown = false
        return PointerEvent(pointerID: id, kind: .touch, phase: .up, position: position, timestamp: time)
    }
}

import Engine
import Interaction

/// The edits `trace transform` makes, applied in this order: mirror, scale space, scale time,
/// shift time, resample, jitter positions, jitter times, quantise. Each one applied is named
/// in the new trace's header history.
public struct TraceTransform: Hashable, Sendable {
    /// Mirror across the window's vertical centre line (x → width − x).
    public var mirrorHorizontally = false
    /// Mirror across the window's horizontal centre line (y → height − y).
    public var mirrorVertically = false
    /// Multiply positions and the window size by this factor.
    public var spaceScale: Double?
    /// Multiply times by this factor (2 plays the gesture at half speed).
    public var timeScale: Double?
    /// Add this many seconds to every time (negative values clamp at 0).
    public var timeShift: Double?
    /// Resample every contact's moves at this rate, in hertz, by linear interpolation.
    public var resampleRate: Double?
    /// Standard deviation of Gaussian noise added to move positions, in points.
    public var positionJitter: Double?
    /// Standard deviation of Gaussian noise added to times, in seconds (order is kept).
    public var timeJitter: Double?
    /// The seed of the jitter.
    public var seed: UInt64 = 1
    /// Round times to whole milliseconds, as SDL2's event timestamps are.
    public var quantizeToMilliseconds = false
    /// Keep only the events from `lowerBound` to `upperBound` seconds, then start the trace at 0:
    /// a pointer already down at the start goes down at its first kept sample, and one still
    /// down at the end lifts at its last. Applied first, before every other edit.
    public var timeWindow: ClosedRange<Double>?
    /// Relabel every event, and the header's devices, as this kind (a mouse recording replayed
    /// as touch, say).
    public var kind: PointerKind?

    /// An identity transform; set the fields to choose edits.
    public init() {}

    /// The names of the edits, as written into the header's history.
    public var descriptions: [String] {
        var steps: [String] = []
        if let timeWindow {
            steps.append("crop \(DecimalFormat.string(timeWindow.lowerBound, decimals: 6))…\(DecimalFormat.string(timeWindow.upperBound, decimals: 6)) s")
        }
        if let kind { steps.append("relabel as \(kind.rawValue)") }
        if mirrorHorizontally { steps.append("mirror horizontally") }
        if mirrorVertically { steps.append("mirror vertically") }
        if let spaceScale { steps.append("scale space ×\(DecimalFormat.string(spaceScale, decimals: 6))") }
        if let timeScale { steps.append("scale time ×\(DecimalFormat.string(timeScale, decimals: 6))") }
        if let timeShift { steps.append("shift time \(DecimalFormat.string(timeShift, decimals: 6)) s") }
        if let resampleRate { steps.append("resample at \(DecimalFormat.string(resampleRate, decimals: 3)) Hz") }
        if let positionJitter { steps.append("jitter positions σ=\(DecimalFormat.string(positionJitter, decimals: 3)) pt seed \(seed)") }
        if let timeJitter { steps.append("jitter times σ=\(DecimalFormat.string(timeJitter * 1000, decimals: 3)) ms seed \(seed)") }
        if quantizeToMilliseconds { steps.append("quantise times to whole milliseconds") }
        return steps
    }

    /// `trace` with the edits applied.
    public func apply(to trace: Trace) -> Trace {
        var header = trace.header
        var events = trace.events
        let size = header.windowSize
        if let timeWindow { events = Self.crop(events, to: timeWindow) }
        if let kind {
            events = events.map { event in
                var relabelled = event
                relabelled.kind = kind
                return relabelled
            }
            header.devices = header.devices.map { device in
                var relabelled = device
                relabelled.kind = kind
                return relabelled
            }
        }
        if mirrorHorizontally { events = events.map { $0.moved(to: Point(x: size.width - $0.position.x, y: $0.position.y)) } }
        if mirrorVertically { events = events.map { $0.moved(to: Point(x: $0.position.x, y: size.height - $0.position.y)) } }
        if let spaceScale {
            events = events.map { $0.moved(to: $0.position * spaceScale) }
            header.windowSize = Size(width: size.width * spaceScale, height: size.height * spaceScale)
            header.configuration.windowSize = header.windowSize
        }
        if let timeScale { events = events.map { $0.retimed(to: $0.timestamp * timeScale) } }
        if let timeShift { events = events.map { $0.retimed(to: max(0, $0.timestamp + timeShift)) } }
        if let resampleRate, resampleRate > 0 { events = Self.resample(events, rate: resampleRate) }
        var generator = SplitMix64(seed: seed)
        if let positionJitter {
            events = events.map { event in
                guard event.phase == .move else { return event }
                return event.moved(to: Point(x: event.position.x + generator.nextGaussian(sigma: positionJitter),
                                             y: event.position.y + generator.nextGaussian(sigma: positionJitter)))
            }
        }
        if let timeJitter {
            var previous = 0.0
            events = events.map { event in
                let jittered = max(previous, event.timestamp + generator.nextGaussian(sigma: timeJitter))
                previous = jittered
                return event.retimed(to: jittered)
            }
        }
        if quantizeToMilliseconds { events = events.map { $0.retimed(to: ($0.timestamp * 1000).rounded() / 1000) } }
        events = events.map { $0.retimed(to: ($0.timestamp * 1_000_000).rounded() / 1_000_000) }
        header.history += descriptions.map { "transform: \($0)" }
        return Trace(header: header, events: events, wasCutShort: false)
    }

    /// The events inside `window`, shifted to start at 0, with every contact made whole.
    static func crop(_ events: [PointerEvent], to window: ClosedRange<Double>) -> [PointerEvent] {
        var kept: [PointerEvent] = []
        var down: [Int: PointerEvent] = [:]
        for event in events where window.contains(event.timestamp) {
            var shifted = event.retimed(to: event.timestamp - window.lowerBound)
            switch event.phase {
            case .down:
                down[event.pointerID] = shifted
            case .move:
                if down[event.pointerID] == nil { shifted.phase = .down }
                down[event.pointerID] = shifted
            case .up, .cancel:
                if down[event.pointerID] == nil { continue }
                down[event.pointerID] = nil
            }
            kept.append(shifted)
        }
        let end = kept.last?.timestamp ?? 0
        for pointer in down.keys.sorted() {
            guard let last = down[pointer] else { continue }
            var lift = last.retimed(to: end)
            lift.phase = .up
            kept.append(lift)
        }
        return kept
    }

    /// Each contact's moves replaced by samples every 1/rate seconds from its down to its end,
    /// positions interpolated linearly; downs, ups and cancels keep their times.
    static func resample(_ events: [PointerEvent], rate: Double) -> [PointerEvent] {
        var contacts: [[PointerEvent]] = []
        var open: [Int: Int] = [:]
        for event in events {
            if event.phase == .down {
                open[event.pointerID] = contacts.count
                contacts.append([event])
            } else if let index = open[event.pointerID] {
                contacts[index].append(event)
                if event.phase.endsContact { open[event.pointerID] = nil }
            }
        }
        let interval = 1 / rate
        var output: [(event: PointerEvent, order: Int)] = []
        for (contactIndex, contact) in contacts.enumerated() {
            guard let first = contact.first else { continue }
            let last = contact[contact.count - 1]
            output.append((first, contactIndex))
            var time = first.timestamp + interval
            var segment = 0
            while time < last.timestamp {
                while segment + 1 < contact.count - 1 && contact[segment + 1].timestamp < time { segment += 1 }
                let from = contact[segment]
                let to = contact[min(segment + 1, contact.count - 1)]
                let span = to.timestamp - from.timestamp
                let fraction = span > 0 ? (time - from.timestamp) / span : 1
                let position = from.position + (to.position - from.position) * min(max(fraction, 0), 1)
                output.append((PointerEvent(pointerID: first.pointerID, kind: first.kind, phase: .move, position: position,
                                            timestamp: time, pressure: from.pressure, contactSize: from.contactSize), contactIndex))
                time += interval
            }
            if last.phase != .down { output.append((last, contactIndex)) }
        }
        return output.enumerated()
            .sorted { ($0.element.event.timestamp, $0.offset) < ($1.element.event.timestamp, $1.offset) }
            .map(\.element.event)
    }
}

extension PointerEvent {
    /// The same event at another position.
    func moved(to position: Point) -> PointerEvent {
        var copy = self
        copy.position = position
        return copy
    }

    /// The same event at another time.
    func retimed(to timestamp: Double) -> PointerEvent {
        var copy = self
        copy.timestamp = timestamp
        return copy
    }
}

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

    /// True when every edit can be made one event at a time, so a trace of any size is
    /// transformed in bounded memory: not resampling (which interleaves the contacts' new
    /// samples), and not jittering both positions and times (one random sequence runs over
    /// every position first, then every time).
    public var streams: Bool { resampleRate == nil && (positionJitter == nil || timeJitter == nil) }

    /// `trace` with the edits applied.
    public func apply(to trace: Trace) -> Trace {
        let size = trace.header.windowSize
        var events = trace.events
        if let timeWindow { events = Self.crop(events, to: timeWindow) }
        events = events.map { placedAndTimed($0, in: size) }
        if let resampleRate, resampleRate > 0 { events = Self.resample(events, rate: resampleRate) }
        var generator = SplitMix64(seed: seed)
        if positionJitter != nil { events = events.map { jitteredPosition($0, generator: &generator) } }
        if timeJitter != nil {
            var previous = 0.0
            events = events.map { jitteredTime($0, generator: &generator, previous: &previous) }
        }
        return Trace(header: header(from: trace.header), events: events.map(rounded), wasCutShort: false)
    }

    /// The edits applied to the events `next` gives (a ``TraceReader``'s), each result given
    /// to `emit` as it is made; the same events as ``apply(to:)``. Only when ``streams``.
    public func apply(next: () throws -> PointerEvent?, size: Size, emit: (PointerEvent) throws -> Void) rethrows {
        precondition(streams, "resampling, or jittering both positions and times, needs the whole trace")
        var cropper = timeWindow.map(Cropper.init)
        var generator = SplitMix64(seed: seed)
        var previous = 0.0
        func finish(_ event: PointerEvent) throws {
            var edited = placedAndTimed(event, in: size)
            if positionJitter != nil { edited = jitteredPosition(edited, generator: &generator) }
            if timeJitter != nil { edited = jitteredTime(edited, generator: &generator, previous: &previous) }
            try emit(rounded(edited))
        }
        while let event = try next() {
            if cropper == nil {
                try finish(event)
            } else if let kept = cropper?.take(event) {
                try finish(kept)
            }
        }
        for lift in cropper?.lifts() ?? [] { try finish(lift) }
    }

    /// The new trace's header: devices relabelled, the window scaled, the edits in its history.
    public func header(from original: TraceHeader) -> TraceHeader {
        var header = original
        if let kind {
            header.devices = header.devices.map { device in
                var relabelled = device
                relabelled.kind = kind
                return relabelled
            }
        }
        if let spaceScale {
            header.windowSize = Size(width: original.windowSize.width * spaceScale, height: original.windowSize.height * spaceScale)
            header.configuration.windowSize = header.windowSize
        }
        header.history += descriptions.map { "transform: \($0)" }
        return header
    }

    /// The edits of one event before resampling: relabel, mirror, scale space, scale and
    /// shift time.
    private func placedAndTimed(_ event: PointerEvent, in size: Size) -> PointerEvent {
        var edited = event
        if let kind { edited.kind = kind }
        if mirrorHorizontally { edited.position.x = size.width - edited.position.x }
        if mirrorVertically { edited.position.y = size.height - edited.position.y }
        if let spaceScale { edited.position = edited.position * spaceScale }
        if let timeScale { edited.timestamp *= timeScale }
        if let timeShift { edited.timestamp = max(0, edited.timestamp + timeShift) }
        return edited
    }

    private func jitteredPosition(_ event: PointerEvent, generator: inout SplitMix64) -> PointerEvent {
        guard let positionJitter, event.phase == .move else { return event }
        return event.moved(to: Point(x: event.position.x + generator.nextGaussian(sigma: positionJitter),
                                     y: event.position.y + generator.nextGaussian(sigma: positionJitter)))
    }

    private func jitteredTime(_ event: PointerEvent, generator: inout SplitMix64, previous: inout Double) -> PointerEvent {
        guard let timeJitter else { return event }
        let jittered = max(previous, event.timestamp + generator.nextGaussian(sigma: timeJitter))
        previous = jittered
        return event.retimed(to: jittered)
    }

    /// Times quantised when asked, then to the microsecond the file keeps.
    private func rounded(_ event: PointerEvent) -> PointerEvent {
        var time = event.timestamp
        if quantizeToMilliseconds { time = (time * 1000).rounded() / 1000 }
        return event.retimed(to: (time * 1_000_000).rounded() / 1_000_000)
    }

    /// The events inside `window`, shifted to start at 0, with every contact made whole.
    static func crop(_ events: [PointerEvent], to window: ClosedRange<Double>) -> [PointerEvent] {
        var cropper = Cropper(window: window)
        return events.compactMap { cropper.take($0) } + cropper.lifts()
    }

    /// Crops one event at a time: events inside the window shifted to start at 0, a contact
    /// already down at the start going down at its first kept sample, and (``lifts()``) one
    /// still down at the end lifting at the last kept time.
    private struct Cropper {
        let window: ClosedRange<Double>
        private var down: [Int: PointerEvent] = [:]
        private var lastTime: Double?

        init(window: ClosedRange<Double>) {
            self.window = window
        }

        mutating func take(_ event: PointerEvent) -> PointerEvent? {
            guard window.contains(event.timestamp) else { return nil }
            var shifted = event.retimed(to: event.timestamp - window.lowerBound)
            switch event.phase {
            case .down:
                down[event.pointerID] = shifted
            case .move:
                if down[event.pointerID] == nil { shifted.phase = .down }
                down[event.pointerID] = shifted
            case .up, .cancel:
                guard down[event.pointerID] != nil else { return nil }
                down[event.pointerID] = nil
            }
            lastTime = shifted.timestamp
            return shifted
        }

        func lifts() -> [PointerEvent] {
            let end = lastTime ?? 0
            return down.keys.sorted().compactMap { pointer in
                guard var lift = down[pointer]?.retimed(to: end) else { return nil }
                lift.phase = .up
                return lift
            }
        }
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

import Engine

/// Flutter's resampling as its gestures binding drives it: one ``FlutterPointerEventResampler``
/// per pointer, sampled at each frame time plus the binding's sampling offset (−38 ms), with
/// the next sample one sampling interval (16.667 ms) later.
struct FlutterResampling: PointerResampler {
    /// Flutter's `_defaultSamplingOffset`: samples lag the frame by 38 ms (two 60 Hz frames of
    /// input latency plus a driver margin), so there is nearly always an event either side.
    static let samplingOffset: Int64 = -38_000
    /// Flutter's `_samplingInterval`, in microseconds.
    static let samplingInterval: Int64 = 16_667

    /// Each pointer's resampler and its last event (whose kind, pressure and size the
    /// resampled events keep), in the order the pointers came down.
    private var pointers: [(id: Int, resampler: FlutterPointerEventResampler, template: PointerEvent)] = []

    var hasPendingEvents: Bool { pointers.contains { $0.resampler.hasPendingEvents } }

    mutating func add(_ event: PointerEvent) -> [PointerEvent] {
        let kind: FlutterResamplerEvent.Kind = switch event.phase {
        case .down: .down
        case .move: .move
        case .up: .up
        case .cancel: .cancel
        }
        let converted = FlutterResamplerEvent(kind: kind, time: SampleTime.microseconds(event.timestamp),
                                              position: event.position, pointer: event.pointerID)
        if let index = pointers.firstIndex(where: { $0.id == event.pointerID }) {
            pointers[index].resampler.add(converted)
            pointers[index].template = event
        } else {
            var resampler = FlutterPointerEventResampler()
            resampler.add(converted)
            pointers.append((event.pointerID, resampler, event))
        }
        return []
    }

    mutating func frame(at frameTime: Double) -> [PointerEvent] {
        let sampleTime = SampleTime.microseconds(frameTime) + Self.samplingOffset
        var dispatched: [PointerEvent] = []
        for index in pointers.indices {
            let template = pointers[index].template
            for event in pointers[index].resampler.sample(at: sampleTime, next: sampleTime + Self.samplingInterval) {
                if let converted = Self.pointerEvent(event, like: template) { dispatched.append(converted) }
            }
        }
        // A pointer that has lifted and has nothing queued starts afresh at its next down, as
        // the binding drops resamplers that have nothing left to do.
        pointers.removeAll { !$0.resampler.isDown && !$0.resampler.hasPendingEvents }
        return dispatched
    }

    mutating func flush() -> [PointerEvent] {
        var dispatched: [PointerEvent] = []
        for index in pointers.indices {
            let template = pointers[index].template
            dispatched += pointers[index].resampler.stop().compactMap { Self.pointerEvent($0, like: template) }
        }
        pointers.removeAll()
        return dispatched.sorted { $0.timestamp < $1.timestamp }
    }

    /// The lab's event for a resampled one; nil for hovers, which the lab's pointers do not make.
    private static func pointerEvent(_ event: FlutterResamplerEvent, like template: PointerEvent) -> PointerEvent? {
        let phase: PointerPhase
        switch event.kind {
        case .down: phase = .down
        case .move: phase = .move
        case .up: phase = .up
        case .cancel: phase = .cancel
        case .added, .hover, .removed: return nil
        }
        var converted = template
        converted.phase = phase
        converted.position = event.position
        converted.timestamp = Double(event.time) / 1_000_000
        return converted
    }
}

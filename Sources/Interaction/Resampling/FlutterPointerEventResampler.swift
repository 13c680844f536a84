import Engine

/// Flutter's `PointerEventResampler` (gestures/resampler.dart): resamples one pointer's events
/// to the caller's sample times by linear interpolation between the events either side, never
/// extrapolating. Downs, ups and the like are dispatched at the first sample at or after their
/// time, with a synthetic move first when the position changed; moves and hovers are replaced
/// by one per sample when the position changed. Ups may be dispatched one sample early
/// (before `nextSampleTime`), which helps flings.
///
/// Ported from the behaviour its tests pin down (Fixtures/ResamplingReferences/flutter), times
/// in whole microseconds as Flutter's `Duration`.
struct FlutterPointerEventResampler {
    private var queue: [FlutterResamplerEvent] = []
    private var last: FlutterResamplerEvent?
    private var next: FlutterResamplerEvent?
    private var position = Point(x: 0, y: 0)
    /// True from the first dispatched event until a removed event.
    private(set) var isTracked = false
    /// True while the last dispatched event was in contact.
    private(set) var isDown = false
    private var pointerIdentifier = 0
    private var hasButtons = 0

    /// True when a sample can still dispatch queued events.
    var hasPendingEvents: Bool { !queue.isEmpty }

    /// Queues an event.
    mutating func add(_ event: FlutterResamplerEvent) { queue.append(event) }

    /// The events to dispatch for `sampleTime` µs; `nextSampleTime` µs (0 for none) lets ups and
    /// removes due before it go now.
    mutating func sample(at sampleTime: Int64, next nextSampleTime: Int64) -> [FlutterResamplerEvent] {
        processQueuedEvents(sampleTime)
        var dispatched = dequeueNonMoveEvents(until: sampleTime, next: nextSampleTime)
        if isTracked, let next {
            let sampled = position(at: sampleTime)
            if sampled != position {
                dispatched.append(moveOrHover(like: next, at: sampled, time: sampleTime, isDown: isDown, buttons: hasButtons))
                position = sampled
            }
        }
        return dispatched
    }

    /// Every queued event unchanged, and the resampler reset.
    mutating func stop() -> [FlutterResamplerEvent] {
        defer { self = FlutterPointerEventResampler() }
        return queue
    }

    /// Position at `sampleTime`: `next`'s, or between `last` and `next` when `next` is later.
    private func position(at sampleTime: Int64) -> Point {
        let nextPosition = next?.position ?? Point(x: 0, y: 0)
        let nextTime = next?.time ?? 0, lastTime = last?.time ?? 0
        guard nextTime > sampleTime, nextTime > lastTime else { return nextPosition }
        let scalar = Double(sampleTime - lastTime) / Double(nextTime - lastTime)
        let lastPosition = last?.position ?? Point(x: 0, y: 0)
        return Point(x: lastPosition.x + (nextPosition.x - lastPosition.x) * scalar,
                     y: lastPosition.y + (nextPosition.y - lastPosition.y) * scalar)
    }

    /// Moves `last` and `next` to the events around `sampleTime`.
    private mutating func processQueuedEvents(_ sampleTime: Int64) {
        for event in queue {
            if event.time <= sampleTime || last == nil {
                last = event
                next = event
                continue
            }
            if (next?.time ?? 0) < sampleTime {
                next = event
                break
            }
        }
    }

    /// Dispatches the queued events due by `sampleTime` (or an up or remove due before
    /// `nextSampleTime` and everything before it), skipping moves and hovers.
    private mutating func dequeueNonMoveEvents(until sampleTime: Int64, next nextSampleTime: Int64) -> [FlutterResamplerEvent] {
        var endTime = sampleTime
        for event in queue where event.time > sampleTime {
            if event.time >= nextSampleTime { break }
            if event.kind == .up || event.kind == .removed {
                endTime = event.time
                continue
            }
            if event.kind != .move && event.kind != .hover { break }
        }
        var dispatched: [FlutterResamplerEvent] = []
        while let event = queue.first, event.time <= endTime {
            let wasTracked = isTracked, wasDown = isDown, hadButtons = hasButtons
            isTracked = event.kind != .removed
            isDown = event.isDown
            hasButtons = event.buttons
            let sampled = position(at: sampleTime)
            if isTracked && !wasTracked { position = sampled }
            pointerIdentifier = event.pointer
            if event.kind != .move && event.kind != .hover {
                if sampled != position {
                    dispatched.append(moveOrHover(like: event, at: sampled, time: sampleTime, isDown: wasDown, buttons: hadButtons))
                    position = sampled
                }
                var copy = event
                copy.position = sampled
                copy.delta = Point(x: 0, y: 0)
                copy.time = sampleTime
                dispatched.append(copy)
            }
            queue.removeFirst()
        }
        return dispatched
    }

    /// A synthetic move (while down) or hover at `point`, its delta from the last position.
    private func moveOrHover(like event: FlutterResamplerEvent, at point: Point, time: Int64, isDown: Bool,
                             buttons: Int) -> FlutterResamplerEvent {
        var made = FlutterResamplerEvent(kind: isDown ? .move : .hover, time: time, position: point,
                                         delta: Point(x: point.x - position.x, y: point.y - position.y),
                                         pointer: isDown ? pointerIdentifier : event.pointer)
        // Flutter's hover keeps the event's own buttons; its move takes the buttons held before.
        made.buttons = isDown ? buttons : event.buttons
        return made
    }
}

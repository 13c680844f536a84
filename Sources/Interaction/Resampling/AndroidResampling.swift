import Engine

/// Android's resampling as its view root drives it: the lab's pointer events become motion
/// messages for one ``AndroidInputConsumer`` (moves at one time make one message with every
/// pointer in contact), downs and lifts are consumed as they come, and each frame consumes the
/// batched moves with resampling.
struct AndroidResampling: PointerResampler {
    private var consumer = AndroidInputConsumer()
    /// Pointers in contact, in the order they came down, with their last known positions.
    private var contacts: [AndroidMotionMessage.Pointer] = []
    /// Each pointer's last event, whose kind, pressure and size the consumed events keep.
    private var templates: [Int: PointerEvent] = [:]
    /// Pointers whose contact ended in a cancel, not a lift.
    private var cancelled: Set<Int> = []
    /// Moves at one time not yet published (one message holds every pointer's).
    private var pendingMoves: [PointerEvent] = []

    var hasPendingEvents: Bool { !pendingMoves.isEmpty || consumer.hasPendingMessages }

    mutating func add(_ event: PointerEvent) -> [PointerEvent] {
        templates[event.pointerID] = event
        if event.phase == .move {
            if let time = pendingMoves.first?.timestamp, time != event.timestamp { publishPendingMoves() }
            pendingMoves.append(event)
            return []
        }
        publishPendingMoves()
        let time = Self.nanoseconds(event.timestamp)
        var pointer = AndroidMotionMessage.Pointer(id: event.pointerID, x: event.position.x, y: event.position.y)
        pointer.resamplable = event.kind == .touch
        switch event.phase {
        case .down:
            contacts.removeAll { $0.id == event.pointerID }
            contacts.append(pointer)
            let action: AndroidMotionMessage.Action = contacts.count == 1 ? .down : .pointerDown(index: contacts.count - 1)
            consumer.publish(AndroidMotionMessage(action: action, time: time, pointers: contacts))
        case .up, .cancel:
            guard let index = contacts.firstIndex(where: { $0.id == event.pointerID }) else { return [] }
            contacts[index] = pointer
            if event.phase == .cancel { cancelled.insert(event.pointerID) }
            let action: AndroidMotionMessage.Action = contacts.count == 1
                ? (event.phase == .cancel ? .cancel : .up) : .pointerUp(index: index)
            consumer.publish(AndroidMotionMessage(action: action, time: time, pointers: contacts))
            contacts.remove(at: index)
        case .move:
            break
        }
        return consumeAll(consumeBatches: false, frameTime: 0)
    }

    mutating func frame(at frameTime: Double) -> [PointerEvent] {
        publishPendingMoves()
        return consumeAll(consumeBatches: true, frameTime: Self.nanoseconds(frameTime))
    }

    mutating func flush() -> [PointerEvent] {
        publishPendingMoves()
        return consumeAll(consumeBatches: true, frameTime: -1)
    }

    /// Publishes the held moves as one message with every pointer in contact.
    private mutating func publishPendingMoves() {
        guard let time = pendingMoves.first?.timestamp else { return }
        for move in pendingMoves {
            guard let index = contacts.firstIndex(where: { $0.id == move.pointerID }) else { continue }
            contacts[index].x = move.position.x
            contacts[index].y = move.position.y
        }
        pendingMoves.removeAll()
        guard !contacts.isEmpty else { return }
        consumer.publish(AndroidMotionMessage(action: .move, time: Self.nanoseconds(time), pointers: contacts))
    }

    /// Every event the consumer hands out now, as the lab's events.
    private mutating func consumeAll(consumeBatches: Bool, frameTime: Int64) -> [PointerEvent] {
        var dispatched: [PointerEvent] = []
        while let event = consumer.consume(consumeBatches: consumeBatches, frameTime: frameTime) {
            for sample in event.samples {
                let time = Double(sample.time) / 1_000_000_000
                switch event.action {
                case .move:
                    for pointer in sample.pointers { dispatched.append(labEvent(pointer, phase: .move, time: time)) }
                case .down:
                    if let pointer = sample.pointers.first { dispatched.append(labEvent(pointer, phase: .down, time: time)) }
                case .pointerDown(let index):
                    if sample.pointers.indices.contains(index) { dispatched.append(labEvent(sample.pointers[index], phase: .down, time: time)) }
                case .up, .cancel:
                    if let pointer = sample.pointers.first { dispatched.append(lift(pointer, time: time)) }
                case .pointerUp(let index):
                    if sample.pointers.indices.contains(index) { dispatched.append(lift(sample.pointers[index], time: time)) }
                }
            }
        }
        return dispatched
    }

    /// The lab's lift or cancel for `pointer`.
    private mutating func lift(_ pointer: AndroidMotionMessage.Pointer, time: Double) -> PointerEvent {
        let phase: PointerPhase = cancelled.remove(pointer.id) != nil ? .cancel : .up
        return labEvent(pointer, phase: phase, time: time)
    }

    /// The lab's event for one pointer of a consumed sample.
    private func labEvent(_ pointer: AndroidMotionMessage.Pointer, phase: PointerPhase, time: Double) -> PointerEvent {
        var event = templates[pointer.id] ?? PointerEvent(pointerID: pointer.id, kind: .touch, phase: phase,
                                                          position: Point(x: pointer.x, y: pointer.y), timestamp: time)
        event.phase = phase
        event.position = Point(x: pointer.x, y: pointer.y)
        event.timestamp = time
        return event
    }

    /// `seconds` in whole nanoseconds, through whole microseconds as every lab time.
    private static func nanoseconds(_ seconds: Double) -> Int64 { SampleTime.microseconds(seconds) * 1000 }
}

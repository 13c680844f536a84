import Engine

/// The pointers in contact with the screen and their last event, so that a session can end
/// every contact cleanly when the window loses them.
struct PointersInContact: Hashable, Sendable {
    private var lastEvents: [Int: PointerEvent] = [:]

    /// True when `pointerID` is down.
    func contains(_ pointerID: Int) -> Bool { lastEvents[pointerID] != nil }

    /// Records `event`: a down or move keeps the pointer, a lift or cancel forgets it.
    mutating func record(_ event: PointerEvent) {
        lastEvents[event.pointerID] = event.phase.endsContact ? nil : event
    }

    /// A cancel event at `time` seconds for `pointerID` where it was last, if it is down.
    func cancellation(of pointerID: Int, at time: Double) -> PointerEvent? {
        guard let last = lastEvents[pointerID] else { return nil }
        return PointerEvent(pointerID: pointerID, kind: last.kind, phase: .cancel, position: last.position, timestamp: time,
                            pressure: last.pressure, contactSize: last.contactSize)
    }

    /// A cancel event at `time` seconds for every pointer down, in ascending id order.
    func cancellations(at time: Double) -> [PointerEvent] {
        lastEvents.keys.sorted().compactMap { cancellation(of: $0, at: time) }
    }
}

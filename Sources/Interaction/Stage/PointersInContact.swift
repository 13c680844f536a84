import Engine

/// The pointers in contact with the screen and their last event, so that a stage can end
/// every contact cleanly when the window loses them and draw where each one is.
public struct PointersInContact: Hashable, Sendable {
    private var lastEvents: [Int: PointerEvent] = [:]

    /// True when `pointerID` is down.
    public func contains(_ pointerID: Int) -> Bool { lastEvents[pointerID] != nil }

    /// Records `event`: a down or move keeps the pointer, a lift or cancel forgets it.
    public mutating func record(_ event: PointerEvent) {
        lastEvents[event.pointerID] = event.phase.endsContact ? nil : event
    }

    /// True when no pointer is in contact.
    public var isEmpty: Bool { lastEvents.isEmpty }

    /// Where each pointer in contact is, in points, by id.
    public var positions: [Int: Point] { lastEvents.mapValues(\.position) }

    /// The last event of `pointerID`, if it is down.
    public func lastEvent(of pointerID: Int) -> PointerEvent? { lastEvents[pointerID] }

    /// A cancel event at `time` seconds for `pointerID` where it was last, if it is down.
    public func cancellation(of pointerID: Int, at time: Double) -> PointerEvent? {
        guard let last = lastEvents[pointerID] else { return nil }
        return PointerEvent(pointerID: pointerID, kind: last.kind, phase: .cancel, position: last.position, timestamp: time,
                            pressure: last.pressure, contactSize: last.contactSize)
    }

    /// A cancel event at `time` seconds for every pointer down, in ascending id order.
    public func cancellations(at time: Double) -> [PointerEvent] {
        lastEvents.keys.sorted().compactMap { cancellation(of: $0, at: time) }
    }
}

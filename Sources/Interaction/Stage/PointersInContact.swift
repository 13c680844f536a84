import Engine

/// The pointers in contact with the screen and their last event, so that a stage can end
/// every contact cleanly when the window loses them and draw where each one is.
public struct PointersInContact: Hashable, Sendable {
    /// The last event of each pointer in contact, in ascending id order. A few pointers at most
    /// are down at once, so a short scan beats hashing the id on every event; the order keeps
    /// equal sets equal.
    private var lastEvents: [PointerEvent] = []

    /// True when `pointerID` is down.
    public func contains(_ pointerID: Int) -> Bool { slot(of: pointerID) != nil }

    /// Records `event`: a down or move keeps the pointer, a lift or cancel forgets it.
    public mutating func record(_ event: PointerEvent) {
        if let index = slot(of: event.pointerID) {
            if event.phase.endsContact { lastEvents.remove(at: index) } else { lastEvents[index] = event }
        } else if !event.phase.endsContact {
            let insertion = lastEvents.firstIndex { $0.pointerID > event.pointerID } ?? lastEvents.endIndex
            lastEvents.insert(event, at: insertion)
        }
    }

    /// True when no pointer is in contact.
    public var isEmpty: Bool { lastEvents.isEmpty }

    /// Where each pointer in contact is, in points, by id.
    public var positions: [Int: Point] {
        Dictionary(uniqueKeysWithValues: lastEvents.map { ($0.pointerID, $0.position) })
    }

    /// The last event of `pointerID`, if it is down.
    public func lastEvent(of pointerID: Int) -> PointerEvent? { slot(of: pointerID).map { lastEvents[$0] } }

    /// A cancel event at `time` seconds for `pointerID` where it was last, if it is down.
    public func cancellation(of pointerID: Int, at time: Double) -> PointerEvent? {
        guard let last = lastEvent(of: pointerID) else { return nil }
        return PointerEvent(pointerID: pointerID, kind: last.kind, phase: .cancel, position: last.position, timestamp: time,
                            pressure: last.pressure, contactSize: last.contactSize)
    }

    /// A cancel event at `time` seconds for every pointer down, in ascending id order.
    public func cancellations(at time: Double) -> [PointerEvent] {
        lastEvents.compactMap { cancellation(of: $0.pointerID, at: time) }
    }

    /// Where `pointerID`'s last event is kept, if it is down.
    private func slot(of pointerID: Int) -> Int? {
        lastEvents.firstIndex { $0.pointerID == pointerID }
    }
}

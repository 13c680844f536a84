/// Pairs each event taken off a platform's queue with the moment that very event was queued.
///
/// The platform tells a watch of every event as it queues it (SDL's event watch), including
/// events the window never receives: SDL 2.26 queues an internal `SDL_POLLSENTINEL` each time
/// it is polled, removes some queued events (duplicate resizes) and lets others be filtered.
/// Pairing stamps with events by their order would slip by one for each of those, so a stamp
/// is filed under the event's identity (its bytes) and taken back only by an event with the
/// same identity. Identical events (same bytes) are paired oldest first, which is their order.
///
/// Stamps never claimed (internal or removed events) are dropped once they are older than
/// ``maximumAge``, or once more than ``capacity`` stamps arrived after them, so the table
/// stays bounded whatever the platform does.
package struct ArrivalMatcher<Identity: Hashable> {
    /// Stamps older than this, in seconds, are forgotten: their events were never handed over.
    let maximumAge: Double
    /// A stamp with this many newer stamps behind it is forgotten.
    let capacity: Int

    private struct Stamp {
        var serial: Int
        var time: Double
    }

    /// The stamps not yet claimed, per identity, oldest first.
    private var held: [Identity: [Stamp]] = [:]
    /// Every stamp in the order it was made, claimed or not, for pruning.
    private var arrivals: [(identity: Identity, serial: Int, time: Double)] = []
    private var arrivalsHead = 0
    private var nextSerial = 0
    /// How many stamps are held.
    private(set) var heldCount = 0

    /// A matcher keeping stamps up to `maximumAge` seconds old and `capacity` deep (SDL's
    /// queue holds at most 65,535 events).
    init(maximumAge: Double = 10, capacity: Int = 65_536) {
        self.maximumAge = maximumAge
        self.capacity = capacity
    }

    /// Files the time `time` (seconds) at which an event with `identity` was queued.
    mutating func stamp(_ identity: Identity, at time: Double) {
        held[identity, default: []].append(Stamp(serial: nextSerial, time: time))
        arrivals.append((identity, nextSerial, time))
        nextSerial += 1
        heldCount += 1
        prune(now: time)
    }

    /// The time the event with `identity` was queued, removing that stamp; nil when none is
    /// held (the event was queued before stamping began, or made by the platform out of others).
    mutating func claim(_ identity: Identity) -> Double? {
        guard var stamps = held[identity], !stamps.isEmpty else { return nil }
        let stamp = stamps.removeFirst()
        held[identity] = stamps.isEmpty ? nil : stamps
        heldCount -= 1
        return stamp.time
    }

    private mutating func prune(now: Double) {
        while arrivalsHead < arrivals.count {
            let oldest = arrivals[arrivalsHead]
            guard arrivals.count - arrivalsHead > capacity || now - oldest.time > maximumAge else { break }
            arrivalsHead += 1
            // Still held when its identity's oldest stamp is this very one; otherwise claimed.
            if let stamps = held[oldest.identity], stamps.first?.serial == oldest.serial {
                held[oldest.identity] = stamps.count == 1 ? nil : Array(stamps.dropFirst())
                heldCount -= 1
            }
        }
        if arrivalsHead > 1024 && arrivalsHead * 2 > arrivals.count {
            arrivals.removeFirst(arrivalsHead)
            arrivalsHead = 0
        }
    }
}

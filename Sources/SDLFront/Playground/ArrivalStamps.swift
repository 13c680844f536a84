import CSDL
import Foundation

/// The moment each event reached SDL's queue, read from the window's clock by an SDL event
/// watch (which SDL calls as it adds the event, on whichever thread adds it).
///
/// The window can then take events off the queue late — just before it draws, so what it
/// shows is as fresh as possible — and still give each event the time it really arrived,
/// to the microsecond: velocity estimates need arrival times, not the time of a burst.
final class ArrivalStamps: @unchecked Sendable {
    private let clock: MonotonicClock
    private let lock = NSLock()
    private var stamps: [Double] = []
    private var head = 0

    init(clock: MonotonicClock) {
        self.clock = clock
    }

    /// Starts stamping events as SDL queues them.
    func install() {
        SDL_AddEventWatch(Self.watch, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Stops stamping.
    func remove() {
        SDL_DelEventWatch(Self.watch, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The arrival time of the event just taken off the queue (events leave in the order they
    /// arrived); nil if it was queued before stamping began.
    func take() -> Double? {
        lock.lock()
        defer { lock.unlock() }
        guard head < stamps.count else { return nil }
        let stamp = stamps[head]
        head += 1
        if head > 4096 {
            stamps.removeFirst(head)
            head = 0
        }
        return stamp
    }

    private func record() {
        let now = clock.now
        lock.lock()
        stamps.append(now)
        lock.unlock()
    }

    private static let watch: SDL_EventFilter = { userdata, _ in
        guard let userdata else { return 0 }
        Unmanaged<ArrivalStamps>.fromOpaque(userdata).takeUnretainedValue().record()
        return 0
    }
}

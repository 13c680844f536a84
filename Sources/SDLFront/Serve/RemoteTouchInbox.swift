import Foundation
import Interaction
import Serving

/// What the server thread hands the window: the phone's touches, already on the window's
/// clock (with the playout delay of ``RemoteClockMapping``) with window pointer ids, and
/// messages for the HUD. The server puts, the window takes those whose time has come once per
/// frame; a lock keeps the two threads apart.
final class RemoteTouchInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var mapping = RemoteClockMapping(playoutDelay: RemoteClockMapping.standardPlayoutDelay)
    private var pointerIDs = RemotePointerIDs()
    private var events: [PointerEvent] = []
    private var messages: [String] = []
    /// The most events waiting at once; a batch that would go past it is refused (503), so a
    /// window that stopped taking them cannot be made to hold more.
    static let capacity = 65_536

    /// Puts a batch of the phone's events from stream `stream`, received at `receivedAt`
    /// seconds on the window's clock, stamped with the phone's times (seconds). Returns false,
    /// putting nothing, when the inbox is full.
    func put(_ batch: [PointerEvent], stream: String, receivedAt: Double) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard events.count + batch.count <= Self.capacity else { return false }
        let times = mapping.windowTimes(of: batch.map(\.timestamp), stream: stream, receivedAt: receivedAt)
        for (event, time) in zip(batch, times) {
            var mapped = event
            mapped.timestamp = time
            mapped.pointerID = pointerIDs.id(stream: stream, phoneID: event.pointerID, lifting: event.phase.endsContact)
            events.append(mapped)
        }
        return true
    }

    /// Puts a message for the window to show and print.
    func say(_ message: String) {
        lock.lock()
        messages.append(message)
        lock.unlock()
    }

    /// Takes every waiting event due by `now` (window seconds), oldest first, and every message.
    func take(dueBy now: Double) -> (events: [PointerEvent], messages: [String]) {
        lock.lock()
        defer { lock.unlock() }
        let due = events.prefix { $0.timestamp <= now }
        events.removeFirst(due.count)
        let taken = (Array(due), messages)
        messages = []
        return taken
    }
}

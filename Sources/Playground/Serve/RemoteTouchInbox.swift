import FoundationEssentials
import Glibc
import Interaction
import Plumbing
import Serving
import Traces

/// What the server thread hands the window: the phone's touches, already on the window's
/// clock (with the playout delay of ``RemoteClockMapping``) with window pointer ids, and
/// messages for the HUD. The server puts, the window takes those whose time has come once per
/// frame; a lock keeps the two threads apart.
package final class RemoteTouchInbox: @unchecked Sendable {
    /// An empty inbox.
    package init() {}

    private let lock = Lock()
    private var mapping = RemoteClockMapping(playoutDelay: RemoteClockMapping.standardPlayoutDelay)
    private var pointerIDs = RemotePointerIDs()
    private var events: [PointerEvent] = []
    private var messages: [String] = []
    private var study: String?
    private var saveFailureSaid = false
    /// The most events waiting at once; a batch that would go past it is refused (503), so a
    /// window that stopped taking them cannot be made to hold more.
    static let capacity = 65_536

    /// What became of a batch put in the inbox.
    package enum PutResult: Equatable {
        /// Every event of the batch is waiting for the window.
        case accepted
        /// The inbox is full; nothing was put.
        case full
        /// The event at this index (0-based) puts a pointer down past
        /// ``PointerSequenceChecker/maximumSimultaneousPointers``; nothing was put.
        case tooManyPointers(eventIndex: Int)
    }

    /// Puts a batch of the phone's events from stream `stream`, received at `receivedAt`
    /// seconds on the window's clock, stamped with the phone's times (seconds). The batch is
    /// put whole or not at all.
    func put(_ batch: [PointerEvent], stream: String, receivedAt: Double) -> PutResult {
        lock.lock()
        defer { lock.unlock() }
        guard events.count + batch.count <= Self.capacity else { return .full }
        var ids = pointerIDs
        var windowIDs: [Int] = []
        windowIDs.reserveCapacity(batch.count)
        for (index, event) in batch.enumerated() {
            guard let id = ids.id(stream: stream, phoneID: event.pointerID, lifting: event.phase.endsContact,
                                  limit: PointerSequenceChecker.maximumSimultaneousPointers) else {
                return .tooManyPointers(eventIndex: index)
            }
            windowIDs.append(id)
        }
        pointerIDs = ids
        let times = mapping.windowTimes(of: batch.map(\.timestamp), stream: stream, receivedAt: receivedAt)
        for ((event, time), id) in zip(zip(batch, times), windowIDs) {
            var mapped = event
            mapped.timestamp = time
            mapped.pointerID = id
            events.append(mapped)
        }
        return .accepted
    }

    /// Puts a message for the window to show and print.
    func say(_ message: String) {
        lock.lock()
        messages.append(message)
        lock.unlock()
    }

    /// Puts the message that a sent trace was saved; a later failure to save is said again.
    func saySaved(_ message: String) {
        lock.lock()
        messages.append(message)
        saveFailureSaid = false
        lock.unlock()
    }

    /// Puts the message that a sent trace could not be saved, once until a trace is saved
    /// again: a phone retrying against a full disk says so once, not on every try.
    func sayCannotSave(_ message: String) {
        lock.lock()
        if !saveFailureSaid { messages.append(message) }
        saveFailureSaid = true
        lock.unlock()
    }

    /// Puts where the phone's study is (a line for the HUD), printed once when it changes.
    func setStudy(_ text: String) {
        lock.lock()
        if study != text { messages.append(text) }
        study = text
        lock.unlock()
    }

    /// Takes every waiting event due by `now` (window seconds), oldest first, every message, and
    /// where the phone's study is (nil when no study page has said).
    func take(dueBy now: Double) -> (events: [PointerEvent], messages: [String], study: String?) {
        lock.lock()
        defer { lock.unlock() }
        let due = events.prefix { $0.timestamp <= now }
        events.removeFirst(due.count)
        let taken = (Array(due), messages, study)
        messages = []
        return taken
    }
}

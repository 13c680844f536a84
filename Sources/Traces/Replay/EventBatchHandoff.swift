import Dispatch
import FoundationEssentials
import Glibc
import Interaction
import Plumbing
import Synchronization

/// Batches of events handed from the thread that reads a trace to the one that replays it,
/// through a queue of at most ``capacity`` batches: the reader waits while it is full, so
/// reading and replaying overlap on two cores while memory stays flat.
final class EventBatchHandoff: Sendable {
    /// What the reading thread hands over.
    enum Item {
        /// The next events, in order.
        case events([PointerEvent])
        /// The trace ended.
        case end
        /// The trace has a problem after the events handed over before it.
        case failure(TraceError)
    }

    /// The most batches waiting at once.
    let capacity: Int
    /// One count a free place in the queue, one a batch in it: the reader waits on the
    /// first, the replaying thread on the second.
    private let freePlaces: DispatchSemaphore
    private let waitingItems = DispatchSemaphore(value: 0)
    private let items = Mutex<[Item]>([])

    /// A queue holding at most `capacity` batches.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        // Counted up from 0 rather than made at `capacity`: libdispatch traps on freeing a
        // semaphore whose count is below the value it was made with.
        freePlaces = DispatchSemaphore(value: 0)
        for _ in 0..<self.capacity { freePlaces.signal() }
    }

    /// Adds `item`, first waiting while the queue is full.
    func put(_ item: Item) {
        freePlaces.wait()
        items.withLock { $0.append(item) }
        waitingItems.signal()
    }

    /// The oldest item, waiting for one if there is none.
    func take() -> Item {
        waitingItems.wait()
        let item = items.withLock { $0.removeFirst() }
        freePlaces.signal()
        return item
    }
}

extension TraceReader {
    /// Reads the rest of the trace on a thread of its own, handing its events over in batches
    /// through `handoff` and ending with ``EventBatchHandoff/Item/end`` or the problem found.
    /// The reader is the thread's alone until that last item is taken (the handoff's mutex
    /// orders everything the thread did before it).
    func readOnAnotherThread(into handoff: EventBatchHandoff) {
        nonisolated(unsafe) let reader = self
        let started = DetachedThread.start {
            while true {
                var batch: [PointerEvent] = []
                batch.reserveCapacity(TraceReader.batchLimit)
                do throws(TraceError) {
                    try reader.nextEvents(into: &batch)
                } catch {
                    handoff.put(.failure(error))
                    return
                }
                if batch.isEmpty {
                    handoff.put(.end)
                    return
                }
                handoff.put(.events(batch))
            }
        }
        if !started {
            handoff.put(.failure(TraceError(file: reader.file, problem: "cannot start a thread to read the trace")))
        }
    }
}

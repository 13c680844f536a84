import Engine
import Interaction
import Traces

/// A trace's events as a platform's test framework delivers them to the app: times from the
/// trace's first event, rounded to what the platform takes; what it cannot deliver changed the
/// way the platform itself would, and said; what it cannot express at all, a problem naming
/// the event. The lab decides the delivered events, so a test asserts what the lab decides for
/// exactly the gesture the app receives.
package struct TestDelivery: Sendable {
    /// The delivered events.
    package var events: [PointerEvent] = []
    /// For each delivered event, the 0-based index of the trace's event it comes from.
    package var sources: [Int] = []
    /// What was changed, in words.
    package var changes: [String] = []
    /// What cannot be expressed, each naming its event.
    package var problems: [TraceError] = []

    /// Most pointers one Android `MotionEvent` carries (`MotionEvent.MAX_POINTERS`... the
    /// input system's `MAX_POINTERS`).
    package static let androidPointerLimit = 16

    /// The time resolution of `platform`'s event times, in seconds.
    package static func resolution(_ platform: TestPlatform) -> Double {
        platform == .android ? 0.001 : 0.000_001
    }

    /// `events` (of the trace at `file`, whose window is `window`) as `platform` delivers them.
    package init(_ events: [PointerEvent], for platform: TestPlatform, window: Size, file: String) {
        let origin = events.first?.timestamp ?? 0
        let steps = 1 / Self.resolution(platform)
        var last: [Int: Point] = [:]
        var stationary = 0, liftsMoved = 0
        var index = 0
        while index < events.count {
            var event = events[index]
            event.timestamp = ((event.timestamp - origin) * steps).rounded() / steps
            let previous = last[event.pointerID]
            switch (platform, event.phase) {
            case (.web, .move) where previous == event.position:
                // A browser fires no pointermove for a touch that did not move.
                stationary += 1
                index += 1
                continue
            case (.web, .up), (.flutter, .up):
                // A lift elsewhere than the last move: the platform moves the pointer there first
                // (a touchmove before the touchend; Flutter's engine synthesizes the move).
                if let previous, previous != event.position {
                    var move = event
                    move.phase = .move
                    append(move, from: index)
                    liftsMoved += 1
                }
            case (.flutter, .cancel):
                // TestGesture.cancel cancels the pointer where it is.
                if let previous { event.position = previous }
            case (.web, .cancel):
                // touchCancel cancels every touch: only a cancel of all of them at once is expressible.
                var cancelled: Set<Int> = []
                var next = index
                while next < events.count && events[next].phase == .cancel && events[next].timestamp == events[index].timestamp {
                    cancelled.insert(events[next].pointerID)
                    next += 1
                }
                if cancelled != Set(last.keys) {
                    problems.append(TraceError(file: file, eventIndex: index, problem:
                        "pointer \(event.pointerID) is cancelled while \(last.count - cancelled.count) other(s) stay down: a browser's touchcancel cancels every touch"))
                }
            case (.android, .down) where last.count >= Self.androidPointerLimit:
                problems.append(TraceError(file: file, eventIndex: index, problem:
                    "a pointer goes down while \(last.count) are down: an Android MotionEvent carries at most \(Self.androidPointerLimit)"))
            default:
                break
            }
            if platform == .web && event.phase != .cancel
                && !(event.position.x >= 0 && event.position.x < window.width && event.position.y >= 0 && event.position.y < window.height) {
                problems.append(TraceError(file: file, eventIndex: index, problem:
                    "pointer \(event.pointerID) at (\(DecimalFormat.string(event.position.x, decimals: 3)), \(DecimalFormat.string(event.position.y, decimals: 3))) is outside the trace's \(DecimalFormat.string(window.width, decimals: 3))×\(DecimalFormat.string(window.height, decimals: 3)) window: a page's viewport gets no touch there"))
            }
            if event.phase.endsContact { last[event.pointerID] = nil } else { last[event.pointerID] = event.position }
            append(event, from: index)
            index += 1
        }
        if stationary > 0 {
            changes.append("\(stationary) move(s) to where the pointer already was left out: browsers fire no pointermove for them")
        }
        if liftsMoved > 0 {
            changes.append("\(liftsMoved) lift(s) away from the pointer's last position preceded by a move there at the lift's time, as the platform does")
        }
    }

    private mutating func append(_ event: PointerEvent, from source: Int) {
        events.append(event)
        sources.append(source)
    }
}

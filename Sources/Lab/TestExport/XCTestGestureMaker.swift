import Engine
import Interaction
import Traces

/// What an XCUITest can do of a gesture: XCTest performs a press, one straight drag at one
/// speed and a hold (`press(forDuration:thenDragTo:withVelocity:thenHoldForDuration:)`), or a
/// pinch about an element's centre (`pinch(withScale:velocity:)`); nothing else.
///
/// A one-finger gesture keeps its first and last positions, the press before it moves and the
/// hold after it stops; its speed is the lab's release velocity along the drag (measured by the
/// trace's own estimator), so the app sees the release the lab decided, or, when the finger had
/// stopped before lifting, the recorded drag's average speed.
struct XCTestGestureMaker {
    /// The trace's configuration (its estimator, stop rule and controllers).
    var configuration: SessionConfiguration
    /// The trace's name, for problems.
    var file: String

    /// The XCTest gesture for `events` (one gesture, times in seconds), whose trace indices are
    /// `sources`; a problem naming the event XCTest cannot express.
    func make(_ events: [PointerEvent], sources: [Int]) throws(TraceError) -> XCTestGesture {
        func problem(_ index: Int, _ text: String) -> TraceError {
            TraceError(file: file, eventIndex: index < sources.count ? sources[index] : nil, problem: text)
        }
        if let cancel = events.firstIndex(where: { $0.phase == .cancel }) {
            throw problem(cancel, "pointer \(events[cancel].pointerID) is cancelled: XCTest cannot cancel a touch")
        }
        let downs = events.indices.filter { events[$0].phase == .down }
        if downs.count == 2 {
            return try pinch(events, problem: problem)
        }
        if downs.count > 2 {
            throw problem(downs[2], "a third finger: XCTest's gestures take one finger, or two in a pinch")
        }
        guard let first = events.first, let last = events.last, last.phase == .up else {
            throw problem(events.count - 1, "the gesture does not end with a lift: XCTest's gestures do")
        }
        let start = first.position, end = last.position
        // When the finger leaves its first position, and when it comes to rest at its last.
        let leaves = events.firstIndex { $0.position != start }
        guard let leaves else { return .press(at: start, duration: last.timestamp - first.timestamp) }
        let arrives = (events.lastIndex { $0.position != end } ?? 0) + 1
        let press = events[leaves - 1].timestamp - first.timestamp
        let travel = Point(x: end.x - start.x, y: end.y - start.y)
        let length = (travel.x * travel.x + travel.y * travel.y).squareRoot()
        guard length > 0 else {
            throw problem(events.count - 1, "the finger lifts where it went down after moving: XCTest's straight drag cannot go and come back")
        }
        var tracker = configuration.velocityEstimator.makeTracker(stoppedAfter: configuration.tunables.velocityStopTime)
        for event in events { tracker.addSample(event.position, at: event.timestamp) }
        let release = tracker.releaseVelocity(at: last.timestamp)
        if release == .zero {
            let moving = events[arrives].timestamp - events[leaves - 1].timestamp
            return .drag(from: start, to: end, press: press, speed: length / max(moving, 0.001), hold: last.timestamp - events[arrives].timestamp)
        }
        let along = (release.x * travel.x + release.y * travel.y) / length
        guard along > 0 else {
            throw problem(events.count - 1, "the finger is moving back at its lift (\(DecimalFormat.string(release.x, decimals: 1)), \(DecimalFormat.string(release.y, decimals: 1)) pt/s, against the drag from its first position to its last): XCTest drags one way at one speed")
        }
        return .drag(from: start, to: end, press: press, speed: along, hold: 0)
    }

    /// Two fingers: a pinch, when the trace's controllers pinch.
    private func pinch(_ events: [PointerEvent], problem: (Int, String) -> TraceError) throws(TraceError) -> XCTestGesture {
        guard configuration.controllers.contains(.pinch) else {
            throw problem(events.firstIndex { $0.phase == .down && $0.pointerID != events[0].pointerID } ?? 0,
                          "a second finger, and the trace's controllers do not pinch: XCTest's only two-finger gesture is a pinch")
        }
        var positions: [Int: Point] = [:]
        var spreadAtStart: Double?, startTime = 0.0
        for (index, event) in events.enumerated() {
            positions[event.pointerID] = event.position
            if event.phase.endsContact {
                guard let startSpread = spreadAtStart else { break }
                let spread = Self.spread(positions)
                let duration = event.timestamp - startTime
                guard spread != startSpread, duration > 0 else {
                    throw problem(index, "the fingers' spread does not change: there is no pinch for XCTest to make")
                }
                let scale = spread / startSpread
                return .pinch(scale: scale, velocity: (scale - 1) / duration)
            }
            if positions.count == 2 && spreadAtStart == nil {
                spreadAtStart = Self.spread(positions)
                startTime = event.timestamp
            }
        }
        throw problem(0, "the two fingers are never down together: XCTest's pinch needs both")
    }

    /// The distance between two fingers, in points.
    private static func spread(_ positions: [Int: Point]) -> Double {
        let points = Array(positions.values)
        guard points.count == 2 else { return 0 }
        let dx = points[0].x - points[1].x, dy = points[0].y - points[1].y
        return (dx * dx + dy * dy).squareRoot()
    }
}

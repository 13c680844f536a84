import Engine
import Interaction

/// A trace as a platform's test replays it: its gestures as the platform delivers them, and
/// what the lab decides for each release in them (``TestExporter`` makes it).
package struct ExportedTrace: Sendable {
    /// The trace's path as given on the command line.
    package var name: String
    /// The header's notes, if any.
    package var notes: String?
    /// The trace's window, in points.
    package var window: Size
    /// The trace's density, in pixels per point.
    package var density: Double
    /// The controllers of the trace's header.
    package var controllers: [ControllerKind]
    /// The policy the decisions are the lab's under.
    package var policy: PolicySpec
    /// The gestures, in order.
    package var gestures: [ExportedGesture]
    /// What delivering the trace to the platform changed (said in the test and on standard error).
    package var changes: [String]
}

/// One gesture: from a first pointer down, with none down before, to the lift that leaves none.
package struct ExportedGesture: Sendable {
    /// The events as the platform delivers them, their times in seconds from the trace's first
    /// event (rounded as the platform takes them).
    package var events: [PointerEvent]
    /// The 0-based index in the trace of the gesture's first event.
    package var firstEventIndex: Int
    /// What the lab decides for each release in the gesture, in order.
    package var releases: [ExpectedRelease]
    /// How an XCUITest performs it (nil on other platforms).
    package var xctest: XCTestGesture?
}

/// What the lab decided for one release: the test asserts it.
package struct ExpectedRelease: Sendable, Hashable {
    /// Finish or cancel.
    package var decision: ReleaseDecision.Verdict
    /// The release velocity towards finishing, in points per second; nil when it is not
    /// asserted: a pointer cancel, not the policy, decided; XCTest chose a pinch's fingers; or
    /// it turns on the app's clock resolution (``ClockResolutionCheck``).
    package var velocity: Double?
    /// Progress at release, 0…1 (said in a comment).
    package var progress: Double
    /// The policy's reason, quoting its numbers (said in a comment).
    package var reason: String
    /// The controller that drove the transition.
    package var controller: ControllerKind
}

/// The release velocity a test accepts: within `max(absolute, relative × |expected|)` of the lab's.
package struct VelocityTolerance: Sendable, Hashable {
    /// Points (dp, logical or CSS pixels) per second.
    package var absolute: Double
    /// A fraction of the expected velocity's magnitude.
    package var relative: Double

    /// 50 points per second or 10 %, whichever is larger: release velocities from different
    /// estimators over the same samples differ by about that much.
    package static let standard = VelocityTolerance(absolute: 50, relative: 0.1)

    /// The most an app's velocity may differ from the lab's `expected` (points per second).
    package func allowed(around expected: Double) -> Double {
        max(absolute, relative * abs(expected))
    }

    /// The rule in words, for the test's header.
    package var description: String {
        "the app's release velocity must be within max(\(DecimalFormat.string(absolute, decimals: 6)) pt/s, \(DecimalFormat.string(relative * 100, decimals: 6)) % of the lab's) of the lab's"
    }
}

/// How an XCUITest performs one gesture: what XCTest can express of it.
package enum XCTestGesture: Sendable, Hashable {
    /// One finger: pressed at `from` for `press` seconds, dragged in a straight line to `to` at
    /// `speed` points per second, held there for `hold` seconds, lifted.
    case drag(from: Point, to: Point, press: Double, speed: Double, hold: Double)
    /// One finger pressed at `at` for `duration` seconds without moving.
    case press(at: Point, duration: Double)
    /// Two fingers: XCTest's pinch about the element's centre to `scale` of the fingers' spread,
    /// at `velocity` scale factor per second.
    case pinch(scale: Double, velocity: Double)
}

import Engine
import Glibc

/// Recognises a pinch of two or more pointers once the span (their mean distance to their
/// centroid) has changed by more than the slop, and reports its scale and rotation.
///
/// The scale is the span over the span when the pinch started, re-based whenever a pointer
/// is added or removed: the scale carries on from its value at that moment, measured against
/// the new span, so a finger landing or lifting never makes it jump. The rotation comes from
/// the first two pointers, re-based the same way. The pinch ends when fewer than two pointers
/// remain after it began.
struct PinchRecognizer: GestureRecognizer {
    /// How far the span must change before the pinch begins, in points.
    let slop: Double
    /// The current state.
    private(set) var state: RecognizerState = .ready
    /// The pointers being followed.
    private(set) var cluster = PointerCluster()
    /// The scale since the pinch started (1 at the start).
    private(set) var scale = 1.0
    /// The rotation of the line from the first pointer to the second since the pinch started,
    /// in radians, positive when it turns clockwise on screen (y grows downwards).
    private(set) var rotation = 0.0
    /// The span when the pinch first had two pointers, in points.
    private(set) var startSpan: Double?
    /// True once the span has changed by more than the slop.
    private(set) var hasPassedSlop = false
    private var pointersWon: Set<Int> = []
    private var baseScale = 1.0
    private var baseSpan = 0.0
    private var baseRotation = 0.0
    private var baseAngle = 0.0
    private var tracker: any VelocityTracker

    /// Creates a pinch recognizer; the tracker follows the effective span.
    init(tunables: GestureTunables = .standard, tracker: any VelocityTracker = VelocityEstimator.standard.makeTracker()) {
        self.slop = tunables.scaleSlop
        self.tracker = tracker
    }

    /// The span the pinch has reached counting from its start span, `startSpan · scale`, in
    /// points: continuous across re-basing, so its velocity is meaningful.
    var effectiveSpan: Double { (startSpan ?? 0) * scale }

    /// The velocity of the effective span at the newest sample, in points per second.
    var spanVelocity: Double { tracker.velocity().x }

    /// The velocity of the effective span for a release at `time` seconds, in points per second.
    func releaseSpanVelocity(at time: Double) -> Double { tracker.releaseVelocity(at: time).x }

    func follows(_ pointerID: Int) -> Bool { cluster.contains(pointerID) }

    mutating func offer(_ down: PointerEvent) -> PointerOffer {
        if cluster.count == 0 { restart() }
        cluster.add(down.pointerID, at: down.position)
        rebase()
        sample(at: down.timestamp)
        return .join
    }

    mutating func move(_ event: PointerEvent) -> GestureDisposition? {
        cluster.move(event.pointerID, to: event.position)
        measure()
        sample(at: event.timestamp)
        guard state == .possible, !hasPassedSlop, let startSpan, abs(effectiveSpan - startSpan) > slop else { return nil }
        hasPassedSlop = true
        beginIfWon()
        return .accepted
    }

    /// A lift takes one pointer away (ending a begun pinch below two); a cancel ends it all.
    mutating func lift(_ event: PointerEvent) -> GestureDisposition? {
        if event.phase == .cancel {
            // As Android's ACTION_CANCEL: the cancelled span has no velocity.
            tracker.reset()
            guard state != .began else {
                finish(.cancelled)
                return nil
            }
            abandon()
            return .rejected
        }
        remove(event.pointerID)
        if state == .began {
            if cluster.count < 2 { finish(.ended) }
            return nil
        }
        guard cluster.count == 0 else { return nil }
        state = .failed
        return .rejected
    }

    mutating func acceptGesture(pointer: Int) {
        guard follows(pointer) else { return }
        pointersWon.insert(pointer)
        beginIfWon()
    }

    mutating func rejectGesture(pointer: Int) {
        guard follows(pointer) else { return }
        if state == .began {
            finish(.cancelled)
            return
        }
        remove(pointer)
        if cluster.count == 0 { state = .failed }
    }

    mutating func abandon() {
        guard cluster.count > 0 else { return }
        finish(state == .began ? .cancelled : .failed)
    }

    private mutating func restart() {
        state = .possible
        scale = 1
        rotation = 0
        startSpan = nil
        hasPassedSlop = false
        pointersWon = []
        tracker.reset()
    }

    private mutating func beginIfWon() {
        guard state == .possible, hasPassedSlop, cluster.contacts.allSatisfy({ pointersWon.contains($0.pointerID) }) else { return }
        state = .began
    }

    private mutating func remove(_ pointerID: Int) {
        cluster.remove(pointerID)
        pointersWon.remove(pointerID)
        rebase()
    }

    private mutating func finish(_ final: RecognizerState) {
        state = final
        cluster.removeAll()
        pointersWon = []
    }

    /// Takes the current pointers as the new reference, keeping the scale and rotation.
    private mutating func rebase() {
        guard cluster.count >= 2, let angle = cluster.firstPairAngle else { return }
        if startSpan == nil { startSpan = cluster.span }
        baseScale = scale
        baseSpan = cluster.span
        baseRotation = rotation
        baseAngle = angle
    }

    private mutating func measure() {
        guard cluster.count >= 2, baseSpan > 0, let angle = cluster.firstPairAngle else { return }
        scale = baseScale * cluster.span / baseSpan
        rotation = baseRotation + Self.wrapped(angle - baseAngle)
    }

    private mutating func sample(at time: Double) {
        guard startSpan != nil else { return }
        tracker.addSample(Point(x: effectiveSpan, y: 0), at: time)
    }

    /// `angle` brought into −π…π, in radians.
    static func wrapped(_ angle: Double) -> Double {
        var result = angle
        while result > Double.pi { result -= 2 * Double.pi }
        while result <= -Double.pi { result += 2 * Double.pi }
        return result
    }
}

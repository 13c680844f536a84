import Engine

/// Recognises a one-pointer drag, optionally locked to an axis, once the pointer has moved
/// further than the slop and the arena has given it the pointer; then reports its
/// translation from the down position and its velocity.
///
/// A second pointer going down before the drag has begun means this is not a one-finger drag:
/// it withdraws, so that a pinch can have both pointers. After it has begun, other pointers
/// pass it by. The velocity tracker is injected, so a replay can measure with another estimator.
struct DragRecognizer: GestureRecognizer {
    /// The axis the drag is locked to.
    let axis: DragAxis
    /// How far the pointer must travel along the axis before the drag begins, in points.
    var slop: Double
    /// The current state.
    private(set) var state: RecognizerState = .ready
    /// The pointer being followed.
    private(set) var pointerID: Int?
    /// Where that pointer went down, in points.
    private(set) var downPosition: Point = .zero
    /// When that pointer went down, in seconds.
    private(set) var downTime = 0.0
    /// Where it is now, in points.
    private(set) var position: Point = .zero
    /// True once the pointer has travelled further than the slop along the axis.
    private(set) var hasPassedSlop = false
    /// False when the lift's own position does not move the drag: VCTransitionsLibrary decides
    /// on the last update before the lift (`_shouldCompleteTransition` is set only while the
    /// pan changes).
    var liftMovesPosition = true
    /// True when the drag begins as soon as the arena gives it the pointer, slop or not, as
    /// Flutter's `DragGestureRecognizer.acceptGesture` does (`onlyAcceptDragOnThreshold` false).
    var beginsWhenGivenThePointer = false
    /// True when travel past the slop counts only if it is also more than the travel across the
    /// axis, as Android's `EdgeBackGestureHandler` tests `dx > dy && dx > mTouchSlop`.
    var needsDominantAxis = false
    /// False when a cancelled pointer keeps its velocity (Flutter ends a drag on a pointer cancel
    /// with the tracker's estimate); Android clears its tracker on ACTION_CANCEL.
    var cancelClearsVelocity = true
    private var hasWonArena = false
    private var tracker: any VelocityTracker

    /// Creates a drag recognizer with the axis's slop under `tunables`.
    init(axis: DragAxis, tunables: GestureTunables = .standard,
         tracker: any VelocityTracker = VelocityEstimator.standard.makeTracker()) {
        self.init(axis: axis, slop: axis.slop(in: tunables), tracker: tracker)
    }

    /// Creates a drag recognizer with a slop of `slop` points.
    init(axis: DragAxis, slop: Double, tracker: any VelocityTracker = VelocityEstimator.standard.makeTracker()) {
        self.axis = axis
        self.slop = slop
        self.tracker = tracker
    }

    /// The travel across the axis since the pointer went down, in points (0 for a free drag).
    var travelAcross: Double {
        switch axis {
        case .horizontal: return abs(translation.y)
        case .vertical: return abs(translation.x)
        case .free: return 0
        }
    }

    /// The translation from the down position, in points.
    var translation: Point { position - downPosition }

    /// The velocity at the newest sample, in points per second.
    var velocity: Point { tracker.velocity() }

    /// The velocity for a release at `time` seconds, in points per second.
    func releaseVelocity(at time: Double) -> Point { tracker.releaseVelocity(at: time) }

    func follows(_ pointerID: Int) -> Bool { self.pointerID == pointerID }

    mutating func offer(_ down: PointerEvent) -> PointerOffer {
        guard pointerID != nil else {
            start(down)
            return .join
        }
        guard state == .possible else { return .pass }
        abandon()
        return .withdraw
    }

    mutating func move(_ event: PointerEvent) -> GestureDisposition? {
        position = event.position
        tracker.addSample(event.position, at: event.timestamp)
        let travel = axis.travel(translation)
        guard state == .possible, !hasPassedSlop, travel > slop, !needsDominantAxis || travel > travelAcross else { return nil }
        hasPassedSlop = true
        if hasWonArena { state = .began }
        return .accepted
    }

    mutating func lift(_ event: PointerEvent) -> GestureDisposition? {
        if event.phase == .up && liftMovesPosition { position = event.position }
        // Android clears its tracker on ACTION_CANCEL: a cancelled pointer has no velocity.
        if event.phase == .cancel && cancelClearsVelocity { tracker.reset() }
        guard state == .began else {
            abandon()
            return .rejected
        }
        state = event.phase == .up ? .ended : .cancelled
        pointerID = nil
        return nil
    }

    mutating func acceptGesture(pointer: Int) {
        guard follows(pointer) else { return }
        hasWonArena = true
        if (hasPassedSlop || beginsWhenGivenThePointer) && state == .possible { state = .began }
    }

    mutating func rejectGesture(pointer: Int) {
        guard follows(pointer) else { return }
        abandon()
    }

    mutating func abandon() {
        guard pointerID != nil else { return }
        state = state == .began ? .cancelled : .failed
        pointerID = nil
    }

    private mutating func start(_ event: PointerEvent) {
        pointerID = event.pointerID
        downPosition = event.position
        downTime = event.timestamp
        position = event.position
        state = .possible
        hasPassedSlop = false
        hasWonArena = false
        tracker.reset()
        tracker.addSample(event.position, at: event.timestamp)
    }
}

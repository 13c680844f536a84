import Engine

/// Recognises a one-pointer drag, optionally locked to an axis, once it has moved further
/// than its slop; then reports its translation from the down position and its velocity.
///
/// The velocity tracker is injected, so the same drag can be measured by another estimator.
public struct DragRecognizer {
    /// The slop of a free pan, in points (Flutter's touch slop).
    public static let defaultPanSlop = 18.0
    /// The slop of an axis-locked drag, in points: smaller than a pan's, so that a directional
    /// swipe is recognised before a free pan would be.
    public static let defaultAxisSlop = 8.0

    /// The axis the drag is locked to.
    public let axis: DragAxis
    /// How far the pointer must travel along the axis before the drag begins, in points.
    public let slop: Double
    /// The current state.
    public private(set) var state: RecognizerState = .possible
    /// The pointer being followed.
    public private(set) var pointerID: Int?
    /// Where that pointer went down, in points.
    public private(set) var downPosition: Point = .zero
    /// Where it is now, in points.
    public private(set) var position: Point = .zero
    /// The time of its newest sample, in seconds.
    public private(set) var lastTime: Double = 0
    private var tracker: any VelocityTracker

    /// Creates a drag recognizer.
    /// - Parameters:
    ///   - axis: the axis the drag is locked to.
    ///   - slop: travel along the axis before it begins, in points; the default depends on the axis.
    ///   - tracker: the velocity estimator.
    public init(axis: DragAxis, slop: Double? = nil, tracker: any VelocityTracker = LeastSquaresVelocityTracker()) {
        self.axis = axis
        self.slop = slop ?? (axis == .free ? Self.defaultPanSlop : Self.defaultAxisSlop)
        self.tracker = tracker
    }

    /// The translation from the down position, in points.
    public var translation: Point { position - downPosition }

    /// The velocity at the newest sample, in points per second.
    public var velocity: Point { tracker.velocity() }

    /// The velocity for a release at `time` seconds, in points per second.
    public func releaseVelocity(at time: Double) -> Point { tracker.releaseVelocity(at: time) }

    /// True when the drag follows `event`'s pointer, or would start following it.
    public func follows(_ event: PointerEvent) -> Bool {
        pointerID == event.pointerID || (pointerID == nil && event.phase == .down)
    }

    /// Feeds one event; returns the state after it if the event concerned this drag.
    @discardableResult
    public mutating func handle(_ event: PointerEvent) -> RecognizerState? {
        switch event.phase {
        case .down:
            guard pointerID == nil else { return nil }
            start(event)
            return state
        case .move:
            guard event.pointerID == pointerID, !state.isFinal else { return nil }
            position = event.position
            lastTime = event.timestamp
            tracker.addSample(event.position, at: event.timestamp)
            if state == .possible && axis.travel(translation) > slop { state = .began }
            return state
        case .up:
            guard event.pointerID == pointerID else { return nil }
            position = event.position
            lastTime = max(lastTime, event.timestamp)
            let previous = state
            state = previous == .began ? .ended : .failed
            pointerID = nil
            return state
        case .cancel:
            guard event.pointerID == pointerID else { return nil }
            state = state == .began ? .cancelled : .failed
            pointerID = nil
            return state
        }
    }

    /// Stops following the pointer: cancelled if it had begun, failed otherwise (the arena
    /// gave the pointer to someone else, or the window lost focus).
    public mutating func abandon() {
        guard pointerID != nil else { return }
        state = state == .began ? .cancelled : .failed
        pointerID = nil
    }

    private mutating func start(_ event: PointerEvent) {
        pointerID = event.pointerID
        downPosition = event.position
        position = event.position
        lastTime = event.timestamp
        state = .possible
        tracker.reset()
        tracker.addSample(event.position, at: event.timestamp)
    }
}

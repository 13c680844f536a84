import Engine

/// MDTransitioning's hooks on an interaction controller: a veto when the gesture would begin,
/// a progress of one's own, and callbacks as the transition begins, moves and ends. Every
/// hook is optional; a missing one keeps the controller's own rule.
///
/// `allow` and `progress` are asked by the drag controllers (swipes, edge pan, pan), which
/// have a location, a translation and a velocity; the pinch calls only the callbacks.
public struct InteractionHooks {
    /// Asked once the gesture is sure (past its slop): may it begin? Given where the pointer is
    /// then (points) and its velocity (points per second), as MDTransitioning's
    /// `gestureRecognizerShouldBegin:` passes them to `allowSwipe`.
    public var allow: ((_ location: Point, _ velocity: Point) -> Bool)?
    /// The progress the gesture adds, 0…1, from where the pointer is (points), its translation
    /// since it went down (points) and its velocity (points per second). MDTransitioning's
    /// `progress`.
    public var progress: ((_ location: Point, _ translation: Point, _ velocity: Point) -> Double)?
    /// The gesture took hold of the transition, which starts from this progress (0…1).
    public var onBegin: ((_ startProgress: Double) -> Void)?
    /// The gesture set the progress (0…1).
    public var onUpdate: ((_ progress: Double) -> Void)?
    /// The gesture let go; true when the transition will finish, false when it will cancel.
    public var onEnd: ((_ finished: Bool) -> Void)?

    /// Creates hooks; every one defaults to none.
    public init(allow: ((_ location: Point, _ velocity: Point) -> Bool)? = nil,
                progress: ((_ location: Point, _ translation: Point, _ velocity: Point) -> Double)? = nil,
                onBegin: ((_ startProgress: Double) -> Void)? = nil, onUpdate: ((_ progress: Double) -> Void)? = nil,
                onEnd: ((_ finished: Bool) -> Void)? = nil) {
        self.allow = allow
        self.progress = progress
        self.onBegin = onBegin
        self.onUpdate = onUpdate
        self.onEnd = onEnd
    }
}

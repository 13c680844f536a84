import Engine

/// VCTransitionsLibrary's `CEHorizontalSwipeInteractionController`: progress = |dx| / distance.
///
/// Its threshold rule is the policy's (VCTransitionsLibrary's own: finish iff p > 0.5). Which
/// swipes may begin depends on the operation: a pop only in the configured direction
/// (`popOnRightToLeft`), a tab change only towards an existing neighbour, a dismiss either way.
/// The direction is the sign of the velocity when the swipe begins (`rightToLeftSwipe = vel.x
/// < 0`); the vertical swipe reads its translation instead.
struct HorizontalSwipeController: SwipeController {
    let kind = ControllerKind.swipe
    var policy: ThresholdPolicy
    var hooks = InteractionHooks()
    /// What the swipe does.
    let operation: InteractionOperation
    /// For a pop: true when a right-to-left swipe pops (VCTransitionsLibrary's default).
    let popOnRightToLeft: Bool
    /// The window's size in points.
    let screenSize: Size
    /// The tabs, for the tab operation.
    private(set) var tabs: TabSelection
    var recognizer: DragRecognizer
    var grip = TransitionGrip()
    var swipe: AxisSwipe

    /// Creates a horizontal swipe controller.
    init(policy: ThresholdPolicy, operation: InteractionOperation, popOnRightToLeft: Bool, distance: Double,
         tabs: TabSelection, screenSize: Size, tunables: GestureTunables = .standard, tracker: any VelocityTracker) {
        self.policy = policy
        self.operation = operation
        self.popOnRightToLeft = popOnRightToLeft
        self.tabs = tabs
        self.screenSize = screenSize
        recognizer = DragRecognizer(axis: .horizontal, tunables: tunables, tracker: tracker)
        recognizer.liftMovesPosition = false
        swipe = AxisSwipe(axis: .horizontal, distance: distance)
    }

    var drag: DragRecognizer { recognizer }

    mutating func shouldBegin() -> Bool {
        let rightToLeft = drag.velocity.x < 0
        switch operation {
        case .pop:
            guard rightToLeft == popOnRightToLeft else { return false }
        case .tab:
            guard tabs.choose(rightToLeft ? .next : .previous) else { return false }
        case .dismiss:
            break
        }
        return allowsBegin(otherwise: true)
    }

    mutating func transitionCameToRest(_ outcome: TransitionOutcome) { tabs.settle(outcome) }
}

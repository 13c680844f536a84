import Engine

/// VCTransitionsLibrary's `CEVerticalSwipeInteractionController`: progress = |dy| / distance.
///
/// A pop begins only on a top-to-bottom swipe, a dismiss either way; it cannot change tabs
/// (VCTransitionsLibrary throws when wired to a tab bar), so a tab operation is refused when
/// the configuration is resolved.
struct VerticalSwipeController: SwipeController {
    let kind = ControllerKind.verticalSwipe
    var policy: ThresholdPolicy
    var hooks = InteractionHooks()
    /// What the swipe does: pop or dismiss.
    let operation: InteractionOperation
    /// The window's size in points.
    let screenSize: Size
    var recognizer: DragRecognizer
    var grip = TransitionGrip()
    var swipe: AxisSwipe

    /// Creates a vertical swipe controller, refusing the tab operation.
    init(policy: ThresholdPolicy, operation: InteractionOperation, distance: Double, screenSize: Size,
         tunables: GestureTunables = .standard, tracker: any VelocityTracker) throws(ConfigurationError) {
        guard operation != .tab else {
            throw ConfigurationError(description: "the vertical swipe cannot drive a tab operation: tabs change with a horizontal swipe (use 'swipe', or operation pop or dismiss)")
        }
        self.policy = policy
        self.operation = operation
        self.screenSize = screenSize
        recognizer = DragRecognizer(axis: .vertical, tunables: tunables, tracker: tracker)
        recognizer.liftMovesPosition = false
        swipe = AxisSwipe(axis: .vertical, distance: distance)
    }

    var drag: DragRecognizer { recognizer }

    mutating func shouldBegin() -> Bool {
        allowsBegin(otherwise: operation != .pop || drag.translation.y > 0)
    }
}

import Engine

/// A pop from a screen edge (MDTransitioning's `MDPopInteractionController`): progress =
/// translation into the window / the window's extent (its width for the left edge).
///
/// Its recognizer is one reference's (``EdgeRecognizerName``): it says where the pointer must go
/// down, when the pan may begin (MDTransitioning's `allowSwipe`, asked when the pan is recognised),
/// how far it has moved, and whether a pointer cancel is decided like a lift
/// (`MDSwipeInteractionController` treats Ended and Cancelled alike, Flutter ends its drag) or
/// cancels. Its strip lies above the page, so it wins a tie with a swipe that accepts the same move.
struct EdgePanController<Recognizer: EdgePanRecognizer>: DragController {
    let kind = ControllerKind.edgePan
    var policy: ThresholdPolicy
    var hooks = InteractionHooks()
    let hitTestLayer = HitTestLayer.edgeStrip
    var recognizer: Recognizer
    var grip = TransitionGrip()

    /// Creates an edge pan controller deciding with `policy`.
    init(policy: ThresholdPolicy, recognizer: Recognizer) {
        self.policy = policy
        self.recognizer = recognizer
    }

    var drag: DragRecognizer { recognizer.drag }

    /// The window's extent across the edge, in points.
    var extent: Double { recognizer.edge.extent(of: recognizer.screenSize) }

    var travel: Double { hookedTravel(otherwise: recognizer.inwardTranslation / extent) }

    mutating func shouldBegin() -> Bool { allowsBegin(otherwise: recognizer.allowsBegin()) }

    mutating func didTakeHold() { recognizer.tookHold(atProgress: grip.startProgress, extent: extent) }

    var policyDecidesPointerCancel: Bool { recognizer.policyDecidesPointerCancel }

    func measure(at time: Double) -> ReleaseMeasurement {
        ReleaseMeasurement(progress: progress, velocity: recognizer.edge.inwardComponent(drag.releaseVelocity(at: time)),
                           pointsPerProgress: extent, screenExtent: extent)
    }
}

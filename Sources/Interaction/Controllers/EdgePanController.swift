import Engine

/// MDTransitioning's `MDPopInteractionController`: a pan from a screen edge, progress =
/// translation into the window / the window's extent (its width for the left edge).
///
/// By MDTransitioning's `allowSwipe` it begins only if, when the pan is recognised, the pointer
/// is inside the edge zone and its velocity points into the window. Its strip lies above the
/// page, so it wins a tie with a swipe that accepts the same move. A cancelled pan is decided
/// like a lift (`MDSwipeInteractionController` treats Ended and Cancelled alike).
struct EdgePanController: DragController {
    let kind = ControllerKind.edgePan
    var policy: ThresholdPolicy
    var hooks = InteractionHooks()
    let hitTestLayer = HitTestLayer.edgeStrip
    var recognizer: EdgePanRecognizer
    var grip = TransitionGrip()

    /// Creates an edge pan controller for `edge` of a window of `screenSize` points.
    init(policy: ThresholdPolicy, edge: ScreenEdge, screenSize: Size, tunables: GestureTunables = .standard, tracker: any VelocityTracker) {
        self.policy = policy
        recognizer = EdgePanRecognizer(edge: edge, screenSize: screenSize, tunables: tunables, tracker: tracker)
    }

    var drag: DragRecognizer { recognizer.drag }

    /// The window's extent across the edge, in points.
    var extent: Double { recognizer.edge.extent(of: recognizer.screenSize) }

    var travel: Double { hookedTravel(otherwise: recognizer.inwardTranslation / extent) }

    mutating func shouldBegin() -> Bool {
        allowsBegin(otherwise: recognizer.edge.inwardComponent(drag.velocity) > 0 && recognizer.isInZone(drag.position))
    }

    var policyDecidesPointerCancel: Bool { true }

    func measure(at time: Double) -> ReleaseMeasurement {
        ReleaseMeasurement(progress: progress, velocity: recognizer.edge.inwardComponent(drag.releaseVelocity(at: time)),
                           pointsPerProgress: extent, screenExtent: extent)
    }
}

import Engine

/// MDTransitioning's `MDPopInteractionController`: a pan from a screen edge, progress =
/// translation into the window / the window's extent (its width for the left edge).
///
/// It begins only if the touch went down inside the edge zone and, by MDTransitioning's
/// `allowSwipe`, only with a velocity pointing into the window. Its strip lies above the page,
/// so it wins a tie with a swipe that accepts the same move.
struct EdgePanController: DragController {
    let name = "edge-pan"
    var policy: ThresholdPolicy
    var hooks = InteractionHooks()
    let hitTestLayer = HitTestLayer.edgeStrip
    var recognizer: EdgePanRecognizer
    var grip = TransitionGrip()

    /// Creates an edge pan controller for `edge` of a window of `screenSize` points.
    init(policy: ThresholdPolicy, edge: ScreenEdge, screenSize: Size, tracker: any VelocityTracker) {
        self.policy = policy
        recognizer = EdgePanRecognizer(edge: edge, screenSize: screenSize, tracker: tracker)
    }

    var drag: DragRecognizer { recognizer.drag }

    /// The window's extent across the edge, in points.
    var extent: Double { recognizer.edge.extent(of: recognizer.screenSize) }

    var travel: Double { hookedTravel(otherwise: recognizer.inwardTranslation / extent) }

    mutating func shouldBegin() -> Bool {
        allowsBegin(otherwise: recognizer.edge.inwardComponent(drag.velocity) > 0)
    }

    func measure(at time: Double) -> ReleaseMeasurement {
        ReleaseMeasurement(progress: progress, velocity: recognizer.edge.inwardComponent(drag.releaseVelocity(at: time)),
                           pointsPerProgress: extent, screenExtent: extent)
    }
}

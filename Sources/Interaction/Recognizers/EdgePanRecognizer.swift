import Engine

/// MDTransitioning's edge pan: a plain pan (`UIPanGestureRecognizer`) that its controller lets
/// begin only if, when it is recognised (past the slop), the pointer is within the edge zone
/// and moving inward (`allowSwipe`: `velocity.x > 0 && location.x < 20`). Where it went down
/// does not matter; a pointer that moves outward first is rejected, releasing it to the others.
struct EdgePanRecognizer: GestureRecognizer {
    /// The edge it watches.
    let edge: ScreenEdge
    /// How far from the edge the pointer may be when the pan is recognised, in points.
    let zoneWidth: Double
    /// The window's size in points.
    let screenSize: Size
    /// The drag along the edge's axis.
    private(set) var drag: DragRecognizer

    /// Creates an edge pan recognizer.
    init(edge: ScreenEdge, screenSize: Size, tunables: GestureTunables = .standard,
         tracker: any VelocityTracker = VelocityEstimator.standard.makeTracker()) {
        self.edge = edge
        self.zoneWidth = tunables.edgeZoneWidth
        self.screenSize = screenSize
        drag = DragRecognizer(axis: edge.axis, tunables: tunables, tracker: tracker)
    }

    var state: RecognizerState { drag.state }

    /// The translation into the window since the pointer went down, in points.
    var inwardTranslation: Double { edge.inwardComponent(drag.translation) }

    /// True when `point` lies within the edge zone.
    func isInZone(_ point: Point) -> Bool { edge.zoneContains(point, in: screenSize, width: zoneWidth) }

    func follows(_ pointerID: Int) -> Bool { drag.follows(pointerID) }

    mutating func offer(_ down: PointerEvent) -> PointerOffer { drag.offer(down) }

    mutating func move(_ event: PointerEvent) -> GestureDisposition? {
        let claim = drag.move(event)
        guard claim == .accepted, inwardTranslation <= 0 else { return claim }
        drag.abandon()
        return .rejected
    }

    mutating func lift(_ event: PointerEvent) -> GestureDisposition? { drag.lift(event) }

    mutating func acceptGesture(pointer: Int) { drag.acceptGesture(pointer: pointer) }

    mutating func rejectGesture(pointer: Int) { drag.rejectGesture(pointer: pointer) }

    mutating func abandon() { drag.abandon() }
}

import Engine

/// A screen-edge pan (UIKit's `UIScreenEdgePanGestureRecognizer`): a one-pointer drag that
/// may begin only if the pointer went down within the edge zone and then moved inward past
/// the slop. A touch that goes down outside the zone is let pass; one that moves outward first
/// is rejected, releasing the pointer to the others.
struct EdgePanRecognizer: GestureRecognizer {
    /// The edge it watches.
    let edge: ScreenEdge
    /// How far from the edge a touch may go down, in points.
    let zoneWidth: Double
    /// The window's size in points.
    let screenSize: Size
    /// The drag along the edge's axis.
    private(set) var drag: DragRecognizer

    /// Creates an edge pan recognizer.
    init(edge: ScreenEdge, screenSize: Size, zoneWidth: Double = ScreenEdge.defaultZoneWidth,
         slop: Double = GestureSlop.axis, tracker: any VelocityTracker = VelocityEstimator.standard.makeTracker()) {
        self.edge = edge
        self.zoneWidth = zoneWidth
        self.screenSize = screenSize
        drag = DragRecognizer(axis: edge.axis, slop: slop, tracker: tracker)
    }

    var state: RecognizerState { drag.state }

    /// The translation into the window since the pointer went down, in points.
    var inwardTranslation: Double { edge.inwardComponent(drag.translation) }

    /// True when `point` lies within the edge zone.
    func isInZone(_ point: Point) -> Bool { edge.distance(of: point, in: screenSize) < zoneWidth }

    func follows(_ pointerID: Int) -> Bool { drag.follows(pointerID) }

    mutating func offer(_ down: PointerEvent) -> PointerOffer {
        if drag.pointerID == nil && !isInZone(down.position) { return .pass }
        return drag.offer(down)
    }

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

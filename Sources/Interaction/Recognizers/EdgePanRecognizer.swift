import Engine

/// A pan from a screen edge as one reference recognises it (``EdgeRecognizerName``): a drag along
/// the edge's axis, with that reference's rules for where the pointer must go down, when the pan
/// begins, how far it has moved the transition and what a pointer cancel does.
protocol EdgePanRecognizer: GestureRecognizer {
    /// The edge it watches and its zone.
    var zone: EdgeZone { get }
    /// The drag along the edge's axis.
    var drag: DragRecognizer { get set }
    /// A recognizer watching `zone` with `drag`, configured as the reference's.
    init(zone: EdgeZone, drag: DragRecognizer)
    /// How far the gesture has moved the transition into the window, in points.
    var inwardTranslation: Double { get }
    /// True when a pointer cancel is decided by the policy like a lift, false when it cancels.
    var policyDecidesPointerCancel: Bool { get }
    /// The reference's own test when the drag is recognised, before it may begin (true for the
    /// references that decide where the pointer went down).
    func allowsBegin() -> Bool
    /// Called when the gesture took hold of a transition at `progress` (0…1).
    mutating func tookHold(atProgress progress: Double, extent: Double)
}

/// The edge an edge pan watches, in a window of a size, and the zone along it.
struct EdgeZone: Hashable, Sendable {
    /// The edge.
    let edge: ScreenEdge
    /// How deep the zone is, in points (the `edge-zone` tunable).
    let width: Double
    /// The window's size in points.
    let screenSize: Size

    /// The zone along `edge` of a window of `screenSize` points, `tunables.edgeZoneWidth` deep.
    init(edge: ScreenEdge, screenSize: Size, tunables: GestureTunables) {
        self.edge = edge
        self.width = tunables.edgeZoneWidth
        self.screenSize = screenSize
    }
}

extension EdgePanRecognizer {
    /// Creates the recognizer for `edge` of a window of `screenSize` points: its zone
    /// `tunables.edgeZoneWidth` deep, its drag past the axis slop (a reference with a slop of its
    /// own makes its drag itself).
    init(edge: ScreenEdge, screenSize: Size, tunables: GestureTunables = .standard,
         tracker: any VelocityTracker = VelocityEstimator.standard.makeTracker()) {
        self.init(zone: EdgeZone(edge: edge, screenSize: screenSize, tunables: tunables),
                  drag: DragRecognizer(axis: edge.axis, tunables: tunables, tracker: tracker))
    }

    var state: RecognizerState { drag.state }

    /// The edge it watches.
    var edge: ScreenEdge { zone.edge }

    /// The window's size in points.
    var screenSize: Size { zone.screenSize }

    /// The translation into the window since the pointer went down, in points.
    var inwardTranslation: Double { edge.inwardComponent(drag.translation) }

    func allowsBegin() -> Bool { true }

    mutating func tookHold(atProgress progress: Double, extent: Double) {}

    /// True when `point` lies within the edge zone: nearer the edge than its width.
    func isInZone(_ point: Point) -> Bool { edge.zoneContains(point, in: screenSize, width: zone.width) }

    func follows(_ pointerID: Int) -> Bool { drag.follows(pointerID) }

    mutating func move(_ event: PointerEvent) -> GestureDisposition? { drag.move(event) }

    mutating func lift(_ event: PointerEvent) -> GestureDisposition? { drag.lift(event) }

    mutating func acceptGesture(pointer: Int) { drag.acceptGesture(pointer: pointer) }

    mutating func rejectGesture(pointer: Int) { drag.rejectGesture(pointer: pointer) }

    mutating func abandon() { drag.abandon() }
}

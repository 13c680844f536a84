import Engine

/// Flutter's Cupertino back gesture (`_CupertinoBackGestureDetector` with
/// `_CupertinoBackGestureController`): a strip along the edge, `_kBackGestureWidth` (20) deep or
/// the safe-area padding when that is larger, hands each pointer that goes down in it to a
/// `HorizontalDragGestureRecognizer`. That drag begins as soon as the arena gives it the pointer
/// (`onlyAcceptDragOnThreshold` is false: alone in the arena, at the touch-down; competing, once
/// it claims past the slop) and measures from where it began (`DragStartBehavior.start`). Its
/// slop is `computeHitSlop`: `kTouchSlop` (18) for touch and stylus, `kPrecisePointerHitSlop` (1)
/// for a mouse, either way along the axis. Each update moves the controller's value, which
/// clamps to 0…1 there and then, so travel outward past the start is forgotten. A pointer cancel
/// ends the drag like a lift (`didStopTrackingLastPointer` → `_checkEnd` → `onEnd` with the
/// tracker's velocity), so the policy decides it (`dragEnd`); only a drag that never began is
/// cancelled (`onCancel` → `dragEnd(0.0)` with no controller).
///
/// Sources: `flutter/flutter`, `packages/flutter/lib/src/cupertino/route.dart`
/// (`_CupertinoBackGestureDetectorState.build`: `dragAreaWidth = max(padding, _kBackGestureWidth)`,
/// a translucent `Listener(onPointerDown: _handlePointerDown)` in `PositionedDirectional(start: 0,
/// width: dragAreaWidth)`; `_handlePointerDown` → `_recognizer.addPointer`; `_handleDragCancel`;
/// `_CupertinoBackGestureController.dragUpdate` `controller.value -= delta`, `dragEnd`),
/// `packages/flutter/lib/src/gestures/monodrag.dart` (`DragGestureRecognizer.handleEvent`,
/// `acceptGesture`, `_checkDrag`, `didStopTrackingLastPointer`,
/// `HorizontalDragGestureRecognizer.hasSufficientGlobalDistanceToAccept`),
/// `packages/flutter/lib/src/gestures/events.dart` (`computeHitSlop`) and `constants.dart`
/// (`kTouchSlop`, `kPrecisePointerHitSlop`). The lab has no safe-area insets: the strip is the
/// `edge-zone` tunable (20 pt).
struct CupertinoBackGestureRecognizer: EdgePanRecognizer {
    let zone: EdgeZone
    var drag: DragRecognizer
    /// The travel into the window since the drag began (`DragStartBehavior.start`), clamped after every update to what keeps
    /// the transition within 0…1, in points.
    private var travel = 0.0
    /// The travel that range allows, in points from where the gesture took hold.
    private var travelRange = -Double.infinity...Double.infinity

    /// Flutter's `kTouchSlop`, in logical pixels (points): touch and stylus.
    static let touchSlop = 18.0
    /// Flutter's `kPrecisePointerHitSlop`, in logical pixels (points): a mouse.
    static let precisePointerSlop = 1.0

    /// The slop `computeHitSlop` gives a pointer of `kind`, in points.
    static func hitSlop(_ kind: PointerKind) -> Double { kind == .mouse ? precisePointerSlop : touchSlop }

    init(zone: EdgeZone, drag: DragRecognizer) {
        self.zone = zone
        self.drag = drag
    }

    /// Creates the recognizer for `edge` of a window of `screenSize` points, its drag Flutter's.
    init(edge: ScreenEdge, screenSize: Size, tunables: GestureTunables = .standard,
         tracker: any VelocityTracker = VelocityEstimator.standard.makeTracker()) {
        var drag = DragRecognizer(axis: edge.axis, slop: Self.touchSlop, tracker: tracker)
        drag.beginsWhenGivenThePointer = true
        drag.cancelClearsVelocity = false
        self.init(zone: EdgeZone(edge: edge, screenSize: screenSize, tunables: tunables), drag: drag)
    }

    var policyDecidesPointerCancel: Bool { true }

    var inwardTranslation: Double { travel }

    /// Only pointers that go down in the strip reach it (its `Listener` covers the strip alone); a
    /// second one there before the drag began ends it, as the lab's one-finger drag does (Flutter's
    /// drag would follow both).
    mutating func offer(_ down: PointerEvent) -> PointerOffer {
        guard isInZone(down.position) else { return .pass }
        if drag.state != .possible && drag.state != .began { drag.slop = Self.hitSlop(down.kind) }
        return drag.offer(down)
    }

    mutating func move(_ event: PointerEvent) -> GestureDisposition? {
        let before = drag.position
        let claim = drag.move(event)
        follow(from: before)
        return claim
    }

    mutating func lift(_ event: PointerEvent) -> GestureDisposition? {
        let before = drag.position
        let ruling = drag.lift(event)
        follow(from: before)
        return ruling
    }

    mutating func acceptGesture(pointer: Int) {
        let wasBegun = drag.state == .began
        drag.acceptGesture(pointer: pointer)
        guard !wasBegun, drag.state == .began else { return }
        travel = 0
        travelRange = -Double.infinity...Double.infinity
    }

    mutating func tookHold(atProgress progress: Double, extent: Double) {
        travelRange = (-progress * extent)...((1 - progress) * extent)
        travel = min(max(travel, travelRange.lowerBound), travelRange.upperBound)
    }

    /// Adds the move from `before` to the drag's position now, as `dragUpdate` adds each delta.
    private mutating func follow(from before: Point) {
        guard drag.state == .began || drag.state == .ended || drag.state == .cancelled else { return }
        let delta = edge.inwardComponent(drag.position - before)
        travel = min(max(travel + delta, travelRange.lowerBound), travelRange.upperBound)
    }
}

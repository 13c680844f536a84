import Engine

/// MDTransitioning's edge pan: a plain pan (`UIPanGestureRecognizer`) that its controller lets
/// begin only if, when it is recognised (past the slop), the pointer is within the edge zone
/// and moving inward. Where it went down does not matter; a pointer that moves outward first is
/// rejected, releasing it to the others. A cancelled pan is decided like a lift.
///
/// Source: `Modool/MDTransitioning`, `MDTransitioning/MDPopInteractionController.m`
/// (`allowSwipe`: `velocity.x > 0 && location.x < horizontalOffset`, `horizontalOffset = 20.f`)
/// and `MDSwipeInteractionController.m` (`gestureRecognizerShouldBegin:` asks it; Ended and
/// Cancelled alike finish past the threshold). docs/seed-rules.md has the lines.
struct MDEdgePanRecognizer: EdgePanRecognizer {
    let zone: EdgeZone
    var drag: DragRecognizer

    var policyDecidesPointerCancel: Bool { true }

    /// `allowSwipe`, asked when the pan is recognised: moving inward, and inside the zone there.
    func allowsBegin() -> Bool { edge.inwardComponent(drag.velocity) > 0 && isInZone(drag.position) }

    mutating func offer(_ down: PointerEvent) -> PointerOffer { drag.offer(down) }

    mutating func move(_ event: PointerEvent) -> GestureDisposition? {
        let claim = drag.move(event)
        guard claim == .accepted, inwardTranslation <= 0 else { return claim }
        drag.abandon()
        return .rejected
    }
}

import Engine

/// UIKit's `UIScreenEdgePanGestureRecognizer` as swiftui-navigation-transitions uses it for its
/// default `.edgePan` interactivity: the touch must go down in the screen-edge zone; from there
/// it is a pan along the edge's axis, recognised past the axis slop whichever way it moves; a
/// Cancelled (or Failed) gesture cancels the transition.
///
/// Sources: `davdroman/swiftui-navigation-transitions`,
/// `Sources/NavigationTransitions/NavigationTransition+UIKit.swift`
/// (`UINavigationController.setNavigationTransition(_:interactivity:)`: `edgePanRecognizer =
/// UIScreenEdgePanGestureRecognizer()`, `edgePanRecognizer.edges = .left`;
/// `NavigationGestureRecognizerDelegate.gestureRecognizerShouldBegin(_:)` tests only
/// `viewControllers.count > 1`, neither place nor direction) and
/// `NavigationTransitionInteraction.swift` (`.failed`, `.cancelled`: `cancel()`); Apple's
/// `UIScreenEdgePanGestureRecognizer` documentation ("looks for panning gestures that start near
/// an edge of the screen"). UIKit does not publish the zone's depth, its recognition distance or
/// whether a pan moving outward first is recognised: the zone is the `edge-zone` tunable (20 pt,
/// tested with `<` as Flutter's strip is), the distance the axis slop, and no direction is
/// required.
struct ScreenEdgePanRecognizer: EdgePanRecognizer {
    let zone: EdgeZone
    var drag: DragRecognizer

    var policyDecidesPointerCancel: Bool { false }

    /// Joins a pointer that goes down in the zone; one elsewhere passes, unless a drag not yet
    /// begun must hear of a second pointer (the lab's one-finger drag gives up).
    mutating func offer(_ down: PointerEvent) -> PointerOffer {
        guard isInZone(down.position) || drag.state == .possible else { return .pass }
        return drag.offer(down)
    }
}

import Engine

/// A controller driven by a one-pointer drag: the swipes, the edge pan and the pan. It asks
/// MDTransitioning's `allow` and `progress` hooks, falling back on its own rules.
protocol DragController: InteractionController {
    /// The drag its recognizer follows.
    var drag: DragRecognizer { get }
}

extension DragController {
    /// The `allow` hook's answer for the drag now, or `rule` without a hook: asked, as
    /// MDTransitioning's `gestureRecognizerShouldBegin:` asks `allowSwipe`, with the location and
    /// velocity when the drag is recognised.
    func allowsBegin(otherwise rule: Bool) -> Bool {
        hooks.allow?(drag.position, drag.velocity) ?? rule
    }

    /// The `progress` hook's answer for the drag now, or `rule` without a hook.
    func hookedTravel(otherwise rule: Double) -> Double {
        hooks.progress?(drag.position, drag.translation, drag.velocity) ?? rule
    }
}

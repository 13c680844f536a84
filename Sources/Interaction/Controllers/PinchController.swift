import Engine

/// VCTransitionsLibrary's `CEPinchInteractionController`: pinching in drives the transition
/// with progress = 1 − scale / startScale, the scale when the pinch began; pinching out, for
/// the opposite operation, with progress = 1 − startScale / scale.
///
/// Velocities are those of the effective span (the pointers' mean distance to their centroid,
/// continued across re-basing), in points per second towards finishing.
struct PinchController: InteractionController {
    let kind = ControllerKind.pinch
    var policy: ThresholdPolicy
    var hooks = InteractionHooks()
    /// Which way the pinch drives the transition.
    let direction: PinchDirection
    /// The window's size in points.
    let screenSize: Size
    var recognizer: PinchRecognizer
    var grip = TransitionGrip()
    /// The scale when the pinch took hold.
    private(set) var startScale = 1.0

    /// Creates a pinch controller.
    init(policy: ThresholdPolicy, direction: PinchDirection, screenSize: Size, tunables: GestureTunables = .standard, tracker: any VelocityTracker) {
        self.policy = policy
        self.direction = direction
        self.screenSize = screenSize
        recognizer = PinchRecognizer(tunables: tunables, tracker: tracker)
    }

    var travel: Double {
        let scale = recognizer.scale
        guard scale > 0 else { return direction == .pinchIn ? 1 : 0 }
        return direction == .pinchIn ? 1 - scale / startScale : 1 - startScale / scale
    }

    mutating func didTakeHold() { startScale = recognizer.scale }

    func measure(at time: Double) -> ReleaseMeasurement {
        let spanVelocity = recognizer.releaseSpanVelocity(at: time)
        let startSpan = (recognizer.startSpan ?? 0) * startScale
        let span = recognizer.effectiveSpan
        // Pinching in, p = 1 − span/startSpan: one progress unit is startSpan points, and
        // finishing means the span shrinks. Pinching out, p = 1 − startSpan/span: dp/dspan =
        // startSpan/span², so one unit is span²/startSpan points and finishing means it grows.
        let pointsPerProgress = direction == .pinchIn ? startSpan : (startSpan > 0 ? span * span / startSpan : 0)
        // VCTransitionsLibrary decides on `1 − scale / startScale` unclamped (only UIKit clamps
        // what it shows).
        return ReleaseMeasurement(progress: grip.startProgress + travel, velocity: direction == .pinchIn ? -spanVelocity : spanVelocity,
                                  pointsPerProgress: pointsPerProgress, screenExtent: screenSize.width)
    }
}

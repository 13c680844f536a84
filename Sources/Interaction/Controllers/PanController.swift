import Engine

/// swiftui-navigation-transitions' `.pan` interactivity: a free pan anywhere on the screen,
/// progress = horizontal translation / window width, finishing towards the right (a pop).
struct PanController: DragController {
    let kind = ControllerKind.pan
    var policy: ThresholdPolicy
    var hooks = InteractionHooks()
    /// The window's size in points.
    let screenSize: Size
    var recognizer: DragRecognizer
    var grip = TransitionGrip()

    /// Creates a pan controller for a window of `screenSize` points.
    init(policy: ThresholdPolicy, screenSize: Size, tunables: GestureTunables = .standard, tracker: any VelocityTracker) {
        self.policy = policy
        self.screenSize = screenSize
        recognizer = DragRecognizer(axis: .free, tunables: tunables, tracker: tracker)
    }

    var drag: DragRecognizer { recognizer }

    var travel: Double { hookedTravel(otherwise: drag.translation.x / screenSize.width) }

    mutating func shouldBegin() -> Bool { allowsBegin(otherwise: true) }

    func measure(at time: Double) -> ReleaseMeasurement {
        // swiftui-navigation-transitions decides on `translation / width`, signed and unclamped.
        ReleaseMeasurement(progress: grip.startProgress + travel, velocity: drag.releaseVelocity(at: time).x,
                           pointsPerProgress: screenSize.width, screenExtent: screenSize.width)
    }
}

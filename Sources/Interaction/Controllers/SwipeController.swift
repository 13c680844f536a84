import Engine

/// A VCTransitionsLibrary swipe (horizontal or vertical): the progress, the finishing
/// direction and the release measurement come from its `AxisSwipe`; the concrete controller
/// only says which swipes may begin.
protocol SwipeController: DragController {
    /// The swipe's rule along its axis.
    var swipe: AxisSwipe { get set }
    /// The window's size in points.
    var screenSize: Size { get }
}

extension SwipeController {
    var travel: Double {
        hookedTravel(otherwise: swipe.travel(drag.translation, isGrab: grip.isGrab, singlePrecision: policy.computesProgressInSinglePrecision))
    }

    mutating func didTakeHold() { swipe.takeHold(translation: drag.translation, isGrab: grip.isGrab) }

    /// VCTransitionsLibrary shows 0.99 for a fraction of 1 or more (its hack so that UIKit calls
    /// the completion block); the decision and what is measured keep the fraction itself.
    func displayedProgress(_ progress: Double) -> Double { progress >= 1 ? 0.99 : progress }

    func measure(at time: Double) -> ReleaseMeasurement {
        // The same progress in double precision: it differs only where the seed's Float32 rounded
        // it (a progress hook's answer is never rounded, and is not asked twice).
        let exact = hooks.progress == nil ? grip.progress(adding: swipe.travel(drag.translation, isGrab: grip.isGrab, singlePrecision: false)) : progress
        return swipe.measurement(progress: progress, exactProgress: exact != progress ? exact : nil, velocity: drag.releaseVelocity(at: time),
                                 extent: swipe.component(screenSize.width, screenSize.height))
    }
}

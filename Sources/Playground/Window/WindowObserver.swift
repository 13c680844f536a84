import Engine

/// Watches the window from outside, without the window knowing who watches: the bench's latency
/// probe attaches here. The window tells it when it opens, after every present, and when it
/// closes; the observer may ask it to close.
package protocol WindowObserver: AnyObject {
    /// The window is open and about to draw its first frame.
    func windowOpened(_ window: ObservedWindow)
    /// A frame was presented; returns true when the window should close.
    func framePresented(_ frame: ObservedFrame) -> Bool
    /// The window is closing, its layers last drawn by `drawPath` (the path and why, as the HUD
    /// says it): the observer stops whatever it started.
    func windowClosing(drawPath: String)
}

/// The open window as an observer sees it.
package struct ObservedWindow {
    /// The window's size in points.
    package let width: Int
    package let height: Int
    /// The window's renderer and why it was chosen, as the HUD says it.
    package let rendererSummary: String
    /// The window's clock (seconds).
    package let clock: any TimeSource & Sendable
    /// Puts a synthetic mouse event in the window's queue, as the platform's own input would
    /// arrive (callable from any thread).
    package let pushMouse: @Sendable (SyntheticMouse) -> Void

    /// A window of `width`×`height` points drawn by `rendererSummary`, timed on `clock`, taking
    /// synthetic input through `pushMouse`.
    package init(width: Int, height: Int, rendererSummary: String, clock: any TimeSource & Sendable,
                 pushMouse: @escaping @Sendable (SyntheticMouse) -> Void) {
        self.width = width
        self.height = height
        self.rendererSummary = rendererSummary
        self.clock = clock
        self.pushMouse = pushMouse
    }
}

/// One presented frame as an observer sees it.
package struct ObservedFrame {
    /// When the pointer events the frame reflects arrived and were taken off the queue.
    package let pointerTimes: [PointerEventTimes]
    /// When the present call returned, in seconds on the window's clock.
    package let presentReturned: Double
    /// Where the frame drew the finger and the predicted finger (points), if it drew them.
    package let drawn: (x: Double, y: Double)?
    package let predicted: (x: Double, y: Double)?
    /// How the frame was scheduled.
    package let schedule: FrameSchedule?
    /// Frames presented so far, this one included.
    package let presentedFrames: Int
    /// True while the window is still timing its draw paths (its start-up).
    package let isChoosingDrawPath: Bool
    /// Seconds since the window began its loop.
    package let secondsSinceStart: Double

    /// A frame presented at `presentReturned` seconds: see the properties.
    package init(pointerTimes: [PointerEventTimes], presentReturned: Double, drawn: (x: Double, y: Double)?, predicted: (x: Double, y: Double)?,
                 schedule: FrameSchedule?, presentedFrames: Int, isChoosingDrawPath: Bool, secondsSinceStart: Double) {
        self.pointerTimes = pointerTimes
        self.presentReturned = presentReturned
        self.drawn = drawn
        self.predicted = predicted
        self.schedule = schedule
        self.presentedFrames = presentedFrames
        self.isChoosingDrawPath = isChoosingDrawPath
        self.secondsSinceStart = secondsSinceStart
    }
}

/// A mouse event made up by an observer, with its left button, in window points.
package enum SyntheticMouse: Sendable {
    /// The button went down at (`x`, `y`).
    case down(x: Int, y: Int)
    /// The mouse moved to (`x`, `y`) with the button down.
    case move(x: Int, y: Int)
    /// The button went up at (`x`, `y`).
    case up(x: Int, y: Int)

    /// Where the event happened, in window points.
    package var position: (x: Int, y: Int) {
        switch self {
        case .down(let x, let y), .move(let x, let y), .up(let x, let y): return (x, y)
        }
    }
}

import Engine
import Interaction
import Traces

/// Everything the HUD shows in one frame, gathered by the playground.
package struct HUDState {
    package var controllers: [ControllerKind]
    /// Whose rules recognise the edge pan, when one listens.
    package var edgeRecognizer: EdgeRecognizerName? = nil
    package var policy: ThresholdPolicy
    package var transition: String
    package var direction: TransitionDirection
    package var completion: String
    package var driverState: DriverState
    package var progress: Double
    package var pending: (measurement: ReleaseMeasurement, decision: ReleaseDecision)?
    /// The controller holding the transition while a gesture is in progress.
    package var holder: ControllerKind?
    /// The transition released and still completing, with its decision and reason.
    package var released: TransitionRecord?
    package var lastRecord: TransitionRecord?
    package var recording: (path: String, events: Int)?
    package var replay: (path: String, time: Double, end: Double, speed: Double, paused: Bool)?
    package var message: String?
    /// Where the phone's study is (`play --serve --study`).
    package var study: String?
    package var frameTimes: [Double]
    /// Seconds spent drawing each recent frame, up to the present call (which may wait for vsync).
    package var drawTimes: [Double]
    /// Seconds from each recent frame's input (its latch) to its present's return.
    package var frameCosts: [Double] = []
    /// How the transition's layers are drawn ("own rasteriser", "SDL opengl meshes").
    package var drawPath = ""
    /// The window's renderer and, when it was measured, why ("software (measured: …)").
    package var renderer = ""
    /// How the last frame was scheduled ("latched 3.1 ms before present, cost est 4.2 ms").
    package var schedule = ""

    /// What the HUD shows this frame: see the properties.
    package init(controllers: [ControllerKind], edgeRecognizer: EdgeRecognizerName? = nil, policy: ThresholdPolicy, transition: String, direction: TransitionDirection, completion: String, driverState: DriverState, progress: Double, pending: (measurement: ReleaseMeasurement, decision: ReleaseDecision)? = nil, holder: ControllerKind? = nil, released: TransitionRecord? = nil, lastRecord: TransitionRecord? = nil, recording: (path: String, events: Int)? = nil, replay: (path: String, time: Double, end: Double, speed: Double, paused: Bool)? = nil, message: String? = nil, study: String? = nil, frameTimes: [Double], drawTimes: [Double], frameCosts: [Double] = [], drawPath: String = "", renderer: String = "", schedule: String = "") {
        self.controllers = controllers
        self.edgeRecognizer = edgeRecognizer
        self.policy = policy
        self.transition = transition
        self.direction = direction
        self.completion = completion
        self.driverState = driverState
        self.progress = progress
        self.pending = pending
        self.holder = holder
        self.released = released
        self.lastRecord = lastRecord
        self.recording = recording
        self.replay = replay
        self.message = message
        self.study = study
        self.frameTimes = frameTimes
        self.drawTimes = drawTimes
        self.frameCosts = frameCosts
        self.drawPath = drawPath
        self.renderer = renderer
        self.schedule = schedule
    }
}

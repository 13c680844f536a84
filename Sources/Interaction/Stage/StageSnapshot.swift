import Engine

/// The state of a stage at one instant: what a frame, a contact sheet or a plot draws.
public struct StageSnapshot: Hashable, Sendable {
    /// Time in seconds on the stage's clock.
    public var time: Double
    /// The presented progress, 0…1.
    public var progress: Double
    /// The driver's state.
    public var state: DriverState
    /// The pointers in contact and where they are, in points, by id.
    public var pointers: [Int: Point]
    /// What a release now would measure, while a gesture holds the transition.
    public var pendingMeasurement: ReleaseMeasurement?
    /// What a release now would decide, while a gesture holds the transition.
    public var pendingDecision: ReleaseDecision?
    /// The controller holding the transition, while a gesture is in progress.
    public var activeController: ControllerKind?
    /// The transition released and still completing, with its decision and reason.
    public var released: TransitionRecord?
    /// Where the predictor puts each pointer in contact, in points, by id; empty without
    /// prediction.
    public var predictedPointers: [Int: Point] = [:]
}

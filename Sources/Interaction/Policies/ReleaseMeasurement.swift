/// What a threshold policy knows about a gesture at the moment it lets go.
public struct ReleaseMeasurement: Hashable, Sendable {
    /// The transition's progress at release, 0…1.
    public var progress: Double
    /// The gesture's velocity at release along its axis, in points per second, positive
    /// towards finishing.
    public var velocity: Double
    /// Points of travel per unit of progress (the swipe distance, or the screen width).
    public var pointsPerProgress: Double
    /// The screen's extent along the gesture's axis, in points (for rules in screens per second).
    public var screenExtent: Double
    /// When the controller rounded progress to single precision as its seed does
    /// (VCTransitionsLibrary's `fminf`/`fmaxf`), the progress before rounding, 0…1; nil otherwise.
    public var progressBeforeSinglePrecision: Double?

    /// Creates a measurement.
    public init(progress: Double, velocity: Double, pointsPerProgress: Double, screenExtent: Double) {
        self.progress = progress
        self.velocity = velocity
        self.pointsPerProgress = pointsPerProgress
        self.screenExtent = screenExtent
    }

    /// The velocity in progress units per second.
    public var progressVelocity: Double { pointsPerProgress > 0 ? velocity / pointsPerProgress : 0 }
}

/// How fast the gesture was moving when it let go of the transition, measured towards the
/// finished end (positive) or towards the cancelled end (negative).
public struct ReleaseVelocity: Hashable, Sendable {
    /// Velocity in progress units (0…1) per second.
    public var progressPerSecond: Double
    /// The same velocity in points per second along the gesture's axis.
    public var pointsPerSecond: Double

    /// Creates a release velocity from both of its units.
    public init(progressPerSecond: Double, pointsPerSecond: Double) {
        self.progressPerSecond = progressPerSecond
        self.pointsPerSecond = pointsPerSecond
    }

    /// A release from a finger that had stopped.
    public static let zero = ReleaseVelocity(progressPerSecond: 0, pointsPerSecond: 0)
}

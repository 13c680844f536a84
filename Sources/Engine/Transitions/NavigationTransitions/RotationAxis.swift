/// The direction of an axis of rotation through a screen's centre, in screen space (x to
/// the right, y down, z towards the viewer). Only the direction matters.
public struct RotationAxis: Hashable, Sendable {
    /// The x component.
    public var x: Double
    /// The y component.
    public var y: Double
    /// The z component.
    public var z: Double

    /// Creates an axis along (x, y, z).
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The horizontal axis: turning about it tips the top edge towards or away from the viewer.
    public static let horizontal = RotationAxis(x: 1, y: 0, z: 0)
    /// The vertical axis: turning about it swings the sides.
    public static let vertical = RotationAxis(x: 0, y: 1, z: 0)
    /// The axis out of the screen: turning about it rotates in the screen's plane.
    public static let outOfScreen = RotationAxis(x: 0, y: 0, z: 1)
}

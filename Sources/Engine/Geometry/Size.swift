/// A width and a height in points.
public struct Size: Hashable, Sendable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a size from its width and height in points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The centre of a rectangle of this size placed at the origin.
    public var center: Point { Point(x: width / 2, y: height / 2) }
}

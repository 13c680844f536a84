/// A position or a displacement in window points.
public struct Point: Hashable, Sendable {
    /// Horizontal coordinate in points, growing to the right.
    public var x: Double
    /// Vertical coordinate in points, growing downwards.
    public var y: Double

    /// Creates a point from its coordinates in points.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// Euclidean length of the point taken as a vector from the origin, in points.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// Component-wise sum.
    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    /// Component-wise difference.
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    /// Scales both coordinates by `factor`.
    public static func * (lhs: Point, factor: Double) -> Point { Point(x: lhs.x * factor, y: lhs.y * factor) }
}

/// An axis-aligned rectangle in points.
public struct Rect: Hashable, Sendable {
    /// The top-left corner, in points.
    public var origin: Point
    /// The extent, in points.
    public var size: Size

    /// Creates a rectangle from its top-left corner and size, in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// A rectangle covering a whole screen of `size`.
    public init(covering size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// Left edge, in points.
    public var minX: Double { origin.x }
    /// Top edge, in points.
    public var minY: Double { origin.y }
    /// Right edge, in points.
    public var maxX: Double { origin.x + size.width }
    /// Bottom edge, in points.
    public var maxY: Double { origin.y + size.height }
    /// The centre, in points.
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }
}

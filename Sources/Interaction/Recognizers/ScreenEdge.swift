import Engine

/// One of the four edges of the window, for screen-edge pans.
public enum ScreenEdge: String, Hashable, Sendable, CaseIterable {
    /// The left edge; the pan moves right.
    case left
    /// The right edge; the pan moves left.
    case right
    /// The top edge; the pan moves down.
    case top
    /// The bottom edge; the pan moves up.
    case bottom

    /// The axis a pan from this edge moves along.
    var axis: DragAxis { self == .left || self == .right ? .horizontal : .vertical }

    /// The unit vector pointing from this edge into the window.
    var inward: Point {
        switch self {
        case .left: return Point(x: 1, y: 0)
        case .right: return Point(x: -1, y: 0)
        case .top: return Point(x: 0, y: 1)
        case .bottom: return Point(x: 0, y: -1)
        }
    }

    /// The component of `vector` pointing into the window (points, or points per second).
    func inwardComponent(_ vector: Point) -> Double {
        vector.x * inward.x + vector.y * inward.y
    }

    /// How far `point` is from this edge of a window of `size`, in points.
    public func distance(of point: Point, in size: Size) -> Double {
        switch self {
        case .left: return point.x
        case .right: return size.width - point.x
        case .top: return point.y
        case .bottom: return size.height - point.y
        }
    }

    /// The strip along this edge of a window of `size` where an edge pan may start, `width`
    /// points deep, in window points.
    public func zone(in size: Size, width: Double) -> Rect {
        switch self {
        case .left: return Rect(x: 0, y: 0, width: width, height: size.height)
        case .right: return Rect(x: size.width - width, y: 0, width: width, height: size.height)
        case .top: return Rect(x: 0, y: 0, width: size.width, height: width)
        case .bottom: return Rect(x: 0, y: size.height - width, width: size.width, height: width)
        }
    }

    /// True when `point` lies in the strip `width` points deep along this edge of a window of
    /// `size`: where an edge pan may start.
    public func zoneContains(_ point: Point, in size: Size, width: Double) -> Bool {
        distance(of: point, in: size) < width
    }

    /// The window's extent across this edge (its width for the left and right edges), in points.
    func extent(of size: Size) -> Double {
        axis == .horizontal ? size.width : size.height
    }
}

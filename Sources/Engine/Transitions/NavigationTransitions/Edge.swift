/// A side of the screen, as swiftui-navigation-transitions names them (left to right layout).
public enum Edge: String, Hashable, Sendable, CaseIterable {
    /// The top side.
    case top
    /// The left side.
    case leading
    /// The bottom side.
    case bottom
    /// The right side.
    case trailing

    /// The opposite side.
    public var opposite: Edge {
        switch self {
        case .top: return .bottom
        case .leading: return .trailing
        case .bottom: return .top
        case .trailing: return .leading
        }
    }

    /// The displacement that puts a screen of `size` just beyond this side, in points.
    func offset(for size: Size) -> Point {
        switch self {
        case .top: return Point(x: 0, y: -size.height)
        case .leading: return Point(x: -size.width, y: 0)
        case .bottom: return Point(x: 0, y: size.height)
        case .trailing: return Point(x: size.width, y: 0)
        }
    }
}

import Engine

/// The direction a drag is locked to, if any.
public enum DragAxis: String, Hashable, Sendable {
    /// Only horizontal motion counts.
    case horizontal
    /// Only vertical motion counts.
    case vertical
    /// Motion in any direction counts (a pan).
    case free

    /// The distance `translation` has travelled along this axis, in points (Euclidean for free).
    public func travel(_ translation: Point) -> Double {
        switch self {
        case .horizontal: return abs(translation.x)
        case .vertical: return abs(translation.y)
        case .free: return translation.length
        }
    }

    /// The component of `vector` along this axis (x for free pans, which progress horizontally).
    public func component(_ vector: Point) -> Double {
        self == .vertical ? vector.y : vector.x
    }
}

import Engine

/// The direction a drag is locked to, if any.
enum DragAxis: String, Hashable, Sendable {
    /// Only horizontal motion counts.
    case horizontal
    /// Only vertical motion counts.
    case vertical
    /// Motion in any direction counts (a pan).
    case free

    /// The distance `translation` has travelled along this axis, in points (Euclidean for free).
    func travel(_ translation: Point) -> Double {
        switch self {
        case .horizontal: return abs(translation.x)
        case .vertical: return abs(translation.y)
        case .free: return translation.length
        }
    }

    /// The slop a drag on this axis has under `tunables`, in points: the pan slop for a free
    /// drag, the axis slop otherwise.
    func slop(in tunables: GestureTunables) -> Double { self == .free ? tunables.panSlop : tunables.axisSlop }
}

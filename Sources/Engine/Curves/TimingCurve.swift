/// A timing curve mapping a time fraction 0…1 to an animation fraction (0 at the start,
/// 1 at the end).
public enum TimingCurve: Hashable, Sendable {
    /// Constant speed.
    case linear
    /// cubic-bezier(0.42, 0, 1, 1).
    case easeIn
    /// cubic-bezier(0, 0, 0.58, 1).
    case easeOut
    /// cubic-bezier(0.42, 0, 0.58, 1), UIKit's default completion curve.
    case easeInOut
    /// Any cubic Bézier timing function.
    case cubicBezier(CubicBezier)

    /// The Bézier this curve stands for (`linear` is the straight line).
    public var bezier: CubicBezier {
        switch self {
        case .linear: return CubicBezier(0, 0, 1, 1)
        case .easeIn: return CubicBezier(0.42, 0, 1, 1)
        case .easeOut: return CubicBezier(0, 0, 0.58, 1)
        case .easeInOut: return CubicBezier(0.42, 0, 0.58, 1)
        case .cubicBezier(let curve): return curve
        }
    }

    /// The eased fraction at a time fraction in 0…1 (clamped outside).
    public func value(at fraction: Double) -> Double {
        if case .linear = self { return fraction.clampedToUnitInterval }
        return bezier.value(at: fraction)
    }

    /// The slope d(value)/d(fraction) at a time fraction in 0…1.
    public func slope(at fraction: Double) -> Double {
        if case .linear = self { return 1 }
        return bezier.slope(at: fraction)
    }
}

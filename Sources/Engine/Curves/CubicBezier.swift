/// A CSS-style cubic Bézier timing function from (0, 0) to (1, 1) with two control points.
///
/// `value(at:)` solves x(s) = fraction for the curve parameter s (Newton's method, with a
/// bisection fallback where the slope is too flat), then returns y(s).
public struct CubicBezier: Hashable, Sendable {
    /// First control point, x in 0…1.
    public let x1: Double
    /// First control point, y (may leave 0…1 for overshoot).
    public let y1: Double
    /// Second control point, x in 0…1.
    public let x2: Double
    /// Second control point, y (may leave 0…1 for overshoot).
    public let y2: Double

    /// How close the solved x must be to the requested fraction.
    static let solveTolerance = 1e-9

    /// Creates the curve cubic-bezier(x1, y1, x2, y2). The x coordinates are clamped to 0…1
    /// so that the curve is a function of time.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    /// The eased value for a time fraction in 0…1 (fractions outside are clamped).
    public func value(at fraction: Double) -> Double {
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        return Self.coordinate(solveParameter(forX: fraction), c1: y1, c2: y2)
    }

    /// Bernstein form of one coordinate with end points 0 and 1.
    static func coordinate(_ s: Double, c1: Double, c2: Double) -> Double {
        let inverse = 1 - s
        return 3 * inverse * inverse * s * c1 + 3 * inverse * s * s * c2 + s * s * s
    }

    /// Derivative of ``coordinate(_:c1:c2:)`` with respect to the parameter.
    static func slope(_ s: Double, c1: Double, c2: Double) -> Double {
        let inverse = 1 - s
        return 3 * inverse * inverse * c1 + 6 * inverse * s * (c2 - c1) + 3 * s * s * (1 - c2)
    }

    /// The curve parameter whose x equals `x`.
    func solveParameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.coordinate(s, c1: x1, c2: x2) - x
            if abs(error) < Self.solveTolerance { return s }
            let derivative = Self.slope(s, c1: x1, c2: x2)
            if abs(derivative) < 1e-6 { break }
            s -= error / derivative
        }
        // Newton's method stalled or left the interval: bisect, x(s) is monotonic on 0…1.
        var low = 0.0
        var high = 1.0
        s = x
        for _ in 0..<64 {
            let current = Self.coordinate(s, c1: x1, c2: x2)
            if abs(current - x) < Self.solveTolerance { break }
            if current < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }
}

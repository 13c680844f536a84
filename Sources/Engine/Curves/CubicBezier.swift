/// A CSS-style cubic Bézier timing function from (0, 0) to (1, 1) with two control points.
///
/// `value(at:)` solves x(s) = fraction for the curve parameter s by Newton's method kept
/// inside a bracket that bisection shrinks whenever a Newton step would leave it, so it
/// converges even where the curve is flat in x; then it returns y(s).
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
    static let solveTolerance = 1e-12

    /// Creates the curve cubic-bezier(x1, y1, x2, y2). The x coordinates are clamped to 0…1
    /// so that the curve is a function of time.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1.clampedToUnitInterval
        self.y1 = y1
        self.x2 = x2.clampedToUnitInterval
        self.y2 = y2
    }

    /// The eased value for a time fraction in 0…1 (fractions outside are clamped).
    public func value(at fraction: Double) -> Double {
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        return Self.coordinate(solveParameter(forX: fraction), c1: y1, c2: y2)
    }

    /// The slope d(value)/d(fraction) at a time fraction in 0…1, from the derivatives of both
    /// coordinates with respect to the curve parameter.
    public func slope(at fraction: Double) -> Double {
        let s = solveParameter(forX: fraction.clampedToUnitInterval)
        let dx = Self.slope(s, c1: x1, c2: x2)
        let dy = Self.slope(s, c1: y1, c2: y2)
        // Where x stalls (a control point on the time axis at an end) the tangent is vertical
        // unless y stalls too; the ratio of second derivatives then gives the slope.
        if abs(dx) < 1e-12 {
            let ddx = Self.curvature(s, c1: x1, c2: x2)
            let ddy = Self.curvature(s, c1: y1, c2: y2)
            if abs(dy) < 1e-12, abs(ddx) > 1e-12 { return ddy / ddx }
            return dy >= 0 ? .infinity : -.infinity
        }
        return dy / dx
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

    /// Second derivative of ``coordinate(_:c1:c2:)`` with respect to the parameter.
    static func curvature(_ s: Double, c1: Double, c2: Double) -> Double {
        6 * (1 - s) * (c2 - 2 * c1) + 6 * s * (1 - 2 * c2 + c1)
    }

    /// The curve parameter whose x equals `x` (x in 0…1; x(s) is monotonic there because
    /// both control x coordinates lie in 0…1).
    func solveParameter(forX x: Double) -> Double {
        var low = 0.0
        var high = 1.0
        var s = x
        for _ in 0..<100 {
            let error = Self.coordinate(s, c1: x1, c2: x2) - x
            if abs(error) < Self.solveTolerance { return s }
            if error < 0 { low = s } else { high = s }
            let derivative = Self.slope(s, c1: x1, c2: x2)
            let newton = derivative > 0 ? s - error / derivative : .nan
            // Take Newton's step when it stays inside the bracket, otherwise bisect.
            s = newton > low && newton < high ? newton : (low + high) / 2
            if high - low < 1e-16 { return s }
        }
        return s
    }
}

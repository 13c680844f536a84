import Engine
import Testing

@Suite("Cubic Bézier timing curves")
struct CubicBezierTests {
    /// y at time fraction `x` for cubic-bezier(x1, y1, x2, y2), found independently of the
    /// Engine by bisecting x(s) = x to machine precision.
    static func reference(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func bernstein(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * c1 + 3 * (1 - s) * s * s * c2 + s * s * s
        }
        var low = 0.0
        var high = 1.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if bernstein(middle, x1, x2) < x { low = middle } else { high = middle }
        }
        return bernstein((low + high) / 2, y1, y2)
    }

    static let fractions = [0.001, 0.05, 0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 0.95, 0.999]

    @Test(arguments: [
        (TimingCurve.easeIn, (0.42, 0.0, 1.0, 1.0)),
        (TimingCurve.easeOut, (0.0, 0.0, 0.58, 1.0)),
        (TimingCurve.easeInOut, (0.42, 0.0, 0.58, 1.0)),
        (TimingCurve.cubicBezier(CubicBezier(0.18, 1.0, 0.04, 1.0)), (0.18, 1.0, 0.04, 1.0)),
        (TimingCurve.cubicBezier(CubicBezier(0.68, -0.55, 0.27, 1.55)), (0.68, -0.55, 0.27, 1.55)),
        (TimingCurve.cubicBezier(CubicBezier(0.95, 0.05, 0.05, 0.95)), (0.95, 0.05, 0.05, 0.95)),
    ])
    func matchesAnIndependentBisectionToOneMillionth(curve: TimingCurve, points: (Double, Double, Double, Double)) {
        for x in Self.fractions {
            let expected = Self.reference(points.0, points.1, points.2, points.3, at: x)
            #expect(abs(curve.value(at: x) - expected) < 1e-6, "x = \(x)")
        }
    }

    @Test func solvesWhereTimeStandsStillInTheParameter() {
        // cubic-bezier(1, 0, 0, 1) has dx/ds = 0 at s = ½, where Newton's method cannot step;
        // the bracket still closes in. By symmetry y(½) = ½, and y(x) + y(1 − x) = 1.
        let curve = CubicBezier(1, 0, 0, 1)
        #expect(abs(curve.value(at: 0.5) - 0.5) < 1e-12)
        for x in [0.2, 0.45, 0.499] {
            #expect(abs(curve.value(at: x) + curve.value(at: 1 - x) - 1) < 1e-9)
            #expect(abs(curve.value(at: x) - Self.reference(1, 0, 0, 1, at: x)) < 1e-6)
        }
    }

    @Test func namedCurvesHaveTheCSSControlPoints() {
        #expect(TimingCurve.easeIn.bezier == CubicBezier(0.42, 0, 1, 1))
        #expect(TimingCurve.easeOut.bezier == CubicBezier(0, 0, 0.58, 1))
        #expect(TimingCurve.easeInOut.bezier == CubicBezier(0.42, 0, 0.58, 1))
        #expect(TimingCurve.linear.bezier == CubicBezier(0, 0, 1, 1))
    }

    @Test func linearIsTheIdentityClampedToZeroOne() {
        for x in Self.fractions { #expect(TimingCurve.linear.value(at: x) == x) }
        #expect(TimingCurve.linear.value(at: -0.5) == 0)
        #expect(TimingCurve.linear.value(at: 1.5) == 1)
        #expect(TimingCurve.linear.slope(at: 0.3) == 1)
    }

    @Test func endsAreExactAndOutsideFractionsClamp() {
        for curve in [TimingCurve.easeIn, .easeOut, .easeInOut] {
            #expect(curve.value(at: 0) == 0)
            #expect(curve.value(at: 1) == 1)
            #expect(curve.value(at: -1) == 0)
            #expect(curve.value(at: 2) == 1)
        }
    }

    @Test func easeInOutIsSymmetricAboutItsMiddle() {
        for x in Self.fractions {
            let sum = TimingCurve.easeInOut.value(at: x) + TimingCurve.easeInOut.value(at: 1 - x)
            #expect(abs(sum - 1) < 1e-9)
        }
        #expect(abs(TimingCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-12)
    }

    @Test(arguments: [TimingCurve.easeIn, .easeOut, .easeInOut, .cubicBezier(CubicBezier(0.68, -0.55, 0.27, 1.55))])
    func slopeMatchesAFiniteDifference(curve: TimingCurve) {
        for x in [0.1, 0.3, 0.5, 0.7, 0.9] {
            let step = 1e-6
            let difference = (curve.value(at: x + step) - curve.value(at: x - step)) / (2 * step)
            #expect(abs(curve.slope(at: x) - difference) < 1e-4, "x = \(x)")
        }
    }

    @Test func slopesAtTheEndsFollowTheControlPoints() {
        // y'(0) = y1/x1 and y'(1) = (1 − y2)/(1 − x2) where the control point leaves the axis.
        #expect(TimingCurve.easeIn.slope(at: 0) == 0)
        #expect(TimingCurve.easeOut.slope(at: 1) == 0)
        // ease-in ends on the line y = x = 1 (x2 = y2 = 1): the limit is 1/(1 − x1).
        #expect(abs(TimingCurve.easeIn.slope(at: 1) - 1 / 0.58) < 1e-9)
        #expect(abs(TimingCurve.easeInOut.slope(at: 0)) < 1e-12)
        #expect(abs(TimingCurve.easeInOut.slope(at: 1)) < 1e-12)
        // ease-out starts on the time axis (x1 = y1 = 0): the limit is y2/x2 = 1/0.58.
        #expect(abs(TimingCurve.easeOut.slope(at: 0) - 1 / 0.58) < 1e-9)
    }
}

import Engine
import Foundation
import Testing

@Suite("Interpolating spring")
struct InterpolatingSpringTests {
    /// The value (1 + displacement) and velocity after `time` seconds, integrated with
    /// fourth-order Runge–Kutta at `step` seconds from displacement −1 and `initialVelocity`.
    static func integrate(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double,
                          until time: Double, step: Double = 1e-4) -> (value: Double, velocity: Double) {
        func acceleration(_ x: Double, _ v: Double) -> Double { -(stiffness * x + damping * v) / mass }
        var x = -1.0
        var v = initialVelocity
        let steps = Int((time / step).rounded())
        for _ in 0..<steps {
            let k1x = v, k1v = acceleration(x, v)
            let k2x = v + step / 2 * k1v, k2v = acceleration(x + step / 2 * k1x, v + step / 2 * k1v)
            let k3x = v + step / 2 * k2v, k3v = acceleration(x + step / 2 * k2x, v + step / 2 * k2v)
            let k4x = v + step * k3v, k4v = acceleration(x + step * k3x, v + step * k3v)
            x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (1 + x, v)
    }

    /// (mass, stiffness, damping, initial velocity): under-damped, critically damped and
    /// over-damped, each also launched with a velocity either way.
    static let springs: [(Double, Double, Double, Double)] = [
        (1, 100, 4, 0), (1, 100, 4, 6), (2, 300, 10, -3),
        (1, 100, 20, 0), (1, 100, 20, 8), (1, 300, 2 * 300.0.squareRoot(), -5),
        (1, 100, 35, 0), (1, 100, 35, 12), (0.5, 50, 40, -2),
    ]

    @Test(arguments: springs)
    func closedFormMatchesRungeKutta(spring: (Double, Double, Double, Double)) {
        let (mass, stiffness, damping, velocity) = spring
        let model = InterpolatingSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
        for time in [0.0, 0.05, 0.13, 0.3, 0.61, 1.2] {
            let reference = Self.integrate(mass: mass, stiffness: stiffness, damping: damping,
                                           initialVelocity: velocity, until: time)
            #expect(abs(model.value(at: time) - reference.value) < 1e-8, "t = \(time)")
            #expect(abs(model.velocity(at: time) - reference.velocity) < 1e-6, "t = \(time)")
        }
    }

    @Test func classifiesTheDampingRatio() {
        #expect(InterpolatingSpring(stiffness: 100, damping: 4).dampingRatio == 0.2)
        #expect(InterpolatingSpring(stiffness: 100, damping: 20).dampingRatio == 1)
        #expect(InterpolatingSpring(stiffness: 100, damping: 35).dampingRatio == 1.75)
        #expect(InterpolatingSpring(mass: 4, stiffness: 100, damping: 0).naturalFrequency == 5)
    }

    @Test func startsAtZeroWithItsInitialVelocity() {
        for (mass, stiffness, damping, velocity) in Self.springs {
            let spring = InterpolatingSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
            #expect(abs(spring.value(at: 0)) < 1e-15)
            #expect(abs(spring.velocity(at: 0) - velocity) < 1e-12)
        }
    }

    @Test(arguments: springs)
    func settlesForGoodAtItsSettlingDuration(spring: (Double, Double, Double, Double)) {
        let (mass, stiffness, damping, velocity) = spring
        let model = InterpolatingSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
        let tolerance = 0.001
        let settle = model.settlingDuration(tolerance: tolerance)
        // A hair of slack for the rounding in value = 1 + displacement.
        func settled(_ time: Double) -> Bool {
            abs(model.value(at: time) - 1) <= tolerance + 1e-12
                && abs(model.velocity(at: time)) <= tolerance * model.naturalFrequency + 1e-12
        }
        #expect(settled(settle))
        #expect(!settled(settle - 1e-6))
        var time = settle
        while time < settle + 3 {
            #expect(settled(time), "unsettled again at \(time)")
            if !settled(time) { break }
            time += 1e-3
        }
    }

    @Test func settlingTimeOfACriticallyDampedSpringFollowsItsEnvelope() {
        // From rest, x(t) = −(1 + ωt)e^(−ωt): with ω = 10 it first stays within 0.001 of the
        // target once (1 + 10t)e^(−10t) ≤ 0.001, near t = 0.9234 s (the velocity bound,
        // 100·t·e^(−10t) ≤ 0.01, holds earlier).
        let spring = InterpolatingSpring(stiffness: 100, damping: 20)
        var low = 0.5
        var high = 2.0
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if (1 + 10 * middle) * exp(-10 * middle) > 0.001 { low = middle } else { high = middle }
        }
        #expect(abs(spring.settlingDuration(tolerance: 0.001) - high) < 1e-9)
    }
}

import Glibc

/// A damped spring that moves a value from 0 towards 1, solved in closed form.
///
/// Displacement from the target obeys m·x″ + c·x′ + k·x = 0 with x(0) = −1 and
/// x′(0) = `initialVelocity` (in units of the whole distance per second, the convention of
/// `UISpringTimingParameters`). Under-, critically and over-damped springs each use their own
/// closed form.
public struct InterpolatingSpring: Hashable, Sendable {
    /// Mass, in arbitrary units (1 is customary).
    public let mass: Double
    /// Stiffness k, in force per unit of displacement.
    public let stiffness: Double
    /// Damping c, in force per unit of velocity.
    public let damping: Double
    /// Initial velocity in fractions of the distance per second.
    public let initialVelocity: Double

    /// Creates a spring. Mass and stiffness must be positive, damping non-negative.
    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.mass = max(mass, 1e-9)
        self.stiffness = max(stiffness, 1e-9)
        self.damping = max(damping, 0)
        self.initialVelocity = initialVelocity
    }

    /// The same spring launched with another initial velocity (fractions per second).
    public func withInitialVelocity(_ velocity: Double) -> InterpolatingSpring {
        InterpolatingSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
    }

    /// Undamped angular frequency ω₀ = √(k/m), in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// Damping ratio ζ = c / (2√(km)): below 1 under-damped, 1 critical, above 1 over-damped.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The value at `time` seconds after the start (0 at the start, tending to 1).
    public func value(at time: Double) -> Double {
        1 + displacementAndVelocity(at: time).displacement
    }

    /// The velocity at `time` seconds, in fractions per second.
    public func velocity(at time: Double) -> Double {
        displacementAndVelocity(at: time).velocity
    }

    /// Time in seconds after which the value stays within `tolerance` of 1 and the velocity
    /// within `tolerance` per second of 0, found by stepping forward then bisecting.
    public func settlingDuration(tolerance: Double = 0.001) -> Double {
        func settled(_ time: Double) -> Bool {
            let state = displacementAndVelocity(at: time)
            return abs(state.displacement) <= tolerance && abs(state.velocity) <= tolerance * naturalFrequency
        }
        // The envelope decays monotonically, so after the first settled time at which every
        // later coarse step is also settled the spring has settled; search with a fine step.
        let step = 1.0 / 240
        var time = 0.0
        var lastUnsettled = 0.0
        let limit = 60.0
        while time < limit {
            if !settled(time) { lastUnsettled = time }
            else if time - lastUnsettled > envelopeWindow { break }
            time += step
        }
        var low = lastUnsettled
        var high = min(lastUnsettled + step, limit)
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if settled(middle) { high = middle } else { low = middle }
        }
        return high
    }

    /// A span long enough to see a full oscillation, so a zero crossing is not taken for rest.
    var envelopeWindow: Double {
        let frequency = naturalFrequency
        return frequency > 0 ? 2 * Double.pi / frequency : 1
    }

    /// Displacement from the target (−1 at the start) and its velocity.
    func displacementAndVelocity(at time: Double) -> (displacement: Double, velocity: Double) {
        let t = max(time, 0)
        let omega = naturalFrequency
        let zeta = dampingRatio
        let start = -1.0
        let velocity0 = initialVelocity
        if abs(zeta - 1) < 1e-9 {
            let b = velocity0 + omega * start
            let decay = exp(-omega * t)
            let displacement = decay * (start + b * t)
            let velocity = decay * (b - omega * (start + b * t))
            return (displacement, velocity)
        } else if zeta < 1 {
            let dampedFrequency = omega * (1 - zeta * zeta).squareRoot()
            let a = start
            let b = (velocity0 + zeta * omega * a) / dampedFrequency
            let decay = exp(-zeta * omega * t)
            let cosine = cos(dampedFrequency * t)
            let sine = sin(dampedFrequency * t)
            let displacement = decay * (a * cosine + b * sine)
            let velocity = decay * ((b * dampedFrequency - zeta * omega * a) * cosine
                - (a * dampedFrequency + zeta * omega * b) * sine)
            return (displacement, velocity)
        } else {
            let root = omega * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega + root
            let r2 = -zeta * omega - root
            let c2 = (velocity0 - r1 * start) / (r2 - r1)
            let c1 = start - c2
            let e1 = exp(r1 * t)
            let e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }
}

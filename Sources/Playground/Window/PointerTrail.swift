import Engine
import Interaction

/// The recent path of each pointer, drawn as a trail that fades over half a second, and its
/// velocity for the arrow at the pointer.
package struct PointerTrail {
    /// How long a trail point stays visible, in seconds.
    package static let lifetime = 0.5

    package private(set) var points: [Int: [(time: Double, position: Point)]] = [:]
    private var trackers: [Int: any VelocityTracker] = [:]

    /// Adds a sample; a lifted pointer keeps its trail until it fades.
    mutating func add(id: Int, position: Point, time: Double, phase: PointerPhase) {
        points[id, default: []].append((time, position))
        if phase == .down { trackers[id] = VelocityEstimator.standard.makeTracker() }
        trackers[id]?.addSample(position, at: time)
        if phase.endsContact { trackers[id] = nil }
    }

    /// The velocity of each pointer in contact at `time`, in points per second (zero once it
    /// has held still past the estimator's stop rule, as a release would measure it).
    package func velocities(at time: Double) -> [Int: Point] {
        trackers.mapValues { $0.releaseVelocity(at: time) }
    }

    /// Drops points older than the lifetime.
    mutating func prune(now: Double) {
        for (id, trail) in points {
            let recent = trail.filter { now - $0.time <= Self.lifetime }
            points[id] = recent.isEmpty ? nil : recent
        }
    }
}

import Engine
import Foundation
import Interaction

/// How a window system stamps input events.
enum EventStamping: CaseIterable, CustomStringConvertible {
    /// SDL2: the time the event was queued, truncated to whole milliseconds, queued at once.
    case wholeMilliseconds
    /// SDL2 with a queueing delay uniform in 0…1 ms before the whole-millisecond stamp.
    case wholeMillisecondsAfterJitter

    /// The most an event waits before it is stamped, in seconds.
    var maximumQueueDelay: Double { self == .wholeMilliseconds ? 0 : 0.001 }

    var description: String { self == .wholeMilliseconds ? "ms" : "ms+jitter" }
}

/// A stroke with a known velocity: constant acceleration from a start speed to the release
/// speed, sampled by a device at a fixed rate and stamped as a window system would.
struct SyntheticStroke {
    /// The true velocity at the last sample, in points per second.
    let releaseVelocity: Point
    /// The samples as delivered: positions in points at stamped times in seconds, down first.
    let samples: [(position: Point, time: Double)]
    /// The stamped time of the release, in seconds.
    let releaseTime: Double

    /// A random stroke: release speed 300…3000 pt/s in a random direction, a start speed
    /// 0.25…1.5 times it, lasting 0.15…0.4 s, sampled at `rate` Hz from a random phase.
    static func random(rate: Double, stamping: EventStamping, using generator: inout SplitMix64) -> SyntheticStroke {
        let speed = generator.nextDouble(in: 300...3000)
        let angle = generator.nextDouble(in: 0...(2 * Double.pi))
        let direction = Point(x: cos(angle), y: sin(angle))
        let startSpeed = speed * generator.nextDouble(in: 0.25...1.5)
        let duration = generator.nextDouble(in: 0.15...0.4)
        let acceleration = (speed - startSpeed) / duration
        let start = 1 + generator.nextDouble(in: 0...1)
        let intervals = Int(duration * rate)
        let end = start + Double(intervals) / rate
        var samples: [(position: Point, time: Double)] = []
        var lastStamp = -Double.infinity
        func stamp(_ time: Double) -> Double {
            let queued = time + generator.nextDouble(in: 0...1) * stamping.maximumQueueDelay
            lastStamp = max(lastStamp, (queued * 1000).rounded(.down) / 1000)
            return lastStamp
        }
        for index in 0...intervals {
            let time = start + Double(index) / rate
            let age = time - end
            let distance = speed * age + acceleration / 2 * age * age
            samples.append((direction * distance, stamp(time)))
        }
        return SyntheticStroke(releaseVelocity: direction * speed, samples: samples, releaseTime: stamp(end))
    }

    /// The relative error of `tracker`'s release velocity for this stroke.
    func releaseError(of estimator: VelocityEstimator) -> Double {
        var tracker = estimator.makeTracker()
        for sample in samples { tracker.addSample(sample.position, at: sample.time) }
        return (tracker.releaseVelocity(at: releaseTime) - releaseVelocity).length / releaseVelocity.length
    }
}

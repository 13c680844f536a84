import Engine
import Interaction

/// The HUD's timeline strip: progress over time for the current gesture, from the moment it
/// took hold to the end of its completion, with the release marked.
package struct GestureTimeline {
    /// One sample per frame.
    package struct Sample {
        package var time: Double
        package var progress: Double
        package var state: DriverState
    }

    /// How much history the strip shows at most, in seconds.
    static let span = 3.0

    /// An empty strip.
    package init() {}

    package private(set) var samples: [Sample] = []
    package private(set) var releaseTime: Double?

    /// Adds this frame's state; a new gesture (interacting after rest) starts a new strip.
    package mutating func add(time: Double, progress: Double, state: DriverState) {
        if state == .interacting, let last = samples.last, last.state != .interacting, !last.state.isCompleting {
            samples.removeAll()
            releaseTime = nil
        }
        if state.isCompleting, let last = samples.last, last.state == .interacting { releaseTime = time }
        if state == .idle && samples.isEmpty { return }
        samples.append(Sample(time: time, progress: progress, state: state))
        if let first = samples.first, time - first.time > Self.span { samples.removeFirst() }
    }
}

/// A value that moves piecewise linearly through keyframes placed on the progress axis, and
/// holds its first and last values outside them: how the originals' `UIView` keyframe
/// animations (relative start times and durations) play when a gesture scrubs them.
struct KeyframeTrack: Sendable {
    /// (progress, value) pairs in increasing progress.
    let keyframes: [(progress: Double, value: Double)]

    /// A track through `keyframes`, given as (progress, value) in increasing progress.
    init(_ keyframes: [(progress: Double, value: Double)]) {
        self.keyframes = keyframes
    }

    /// A track that holds `from` until `start`, moves linearly to `to` at `end`, then holds.
    init(from: Double, to: Double, between start: Double = 0, and end: Double = 1) {
        self.init([(start, from), (end, to)])
    }

    /// The value at `progress`.
    func value(at progress: Double) -> Double {
        guard let first = keyframes.first, let last = keyframes.last else { return 0 }
        if progress <= first.progress { return first.value }
        if progress >= last.progress { return last.value }
        for (start, end) in zip(keyframes, keyframes.dropFirst()) where progress <= end.progress {
            let fraction = (progress - start.progress) / (end.progress - start.progress)
            return start.value + (end.value - start.value) * fraction
        }
        return last.value
    }
}

extension Transition {
    /// The screen shown alone at either end, for transitions that cut screens into pieces:
    /// like the originals, which swap the real view for snapshots when they start and back
    /// when they end. Nil strictly between 0 and 1.
    func restingLayers(progress: Double, size: Size) -> [Layer]? {
        if progress <= 0 { return [.fullScreen(.from, size: size)] }
        if progress >= 1 { return [.fullScreen(.to, size: size)] }
        return nil
    }
}

import FoundationEssentials
import Plumbing

/// When each step of the window's start-up ended, on the system's monotonic clock (the one the
/// bench launches it by), for `play --report-first-frame`: where the time to the first frame goes.
package struct StartupTimeline {
    /// No step ended yet.
    package init() {}

    /// The steps ended so far, in order, with the monotonic time each ended at, in seconds.
    private(set) var steps: [(name: String, time: Double)] = []

    /// Notes that the step `name` ended at `time` seconds.
    package mutating func ended(_ name: String, at time: Double = MonotonicTime.now) {
        steps.append((name, time))
    }

    /// One line per step: the prefix, its name and the monotonic time it ended at.
    package var lines: [String] {
        steps.map { "\(Self.prefix)\($0.name) \($0.time)" }
    }

    /// What each line starts with.
    static let prefix = "startup-step: "
    /// What `play --report-first-frame` and the bare window print before the monotonic time of
    /// their first present's return.
    package static let firstFramePrefix = "first-frame-monotonic: "
    /// What `play --report-first-frame` prints before the renderer it drew the first frame with.
    package static let firstFrameRendererPrefix = "first-frame-renderer: "

    /// The steps in `output` (lines as ``lines`` writes them), in order; lines that are not
    /// steps are skipped.
    package static func parse(_ output: String) -> [(name: String, time: Double)] {
        output.split(separator: "\n").compactMap { line in
            guard line.hasPrefix(prefix) else { return nil }
            let fields = line.dropFirst(prefix.count).split(separator: " ")
            guard fields.count == 2, let time = Double(fields[1]) else { return nil }
            return (String(fields[0]), time)
        }
    }
}

import FoundationEssentials

/// When each step of the window's start-up ended, on the system's monotonic clock (the one the
/// bench launches it by), for `play --report-first-frame`: where the time to the first frame goes.
struct StartupTimeline {
    /// The steps ended so far, in order, with the monotonic time each ended at, in seconds.
    private(set) var steps: [(name: String, time: Double)] = []

    /// Notes that the step `name` ended at `time` seconds.
    mutating func ended(_ name: String, at time: Double = ChildProcess.monotonicNow) {
        steps.append((name, time))
    }

    /// One line per step: the prefix, its name and the monotonic time it ended at.
    var lines: [String] {
        steps.map { "\(Self.prefix)\($0.name) \($0.time)" }
    }

    /// What each line starts with.
    static let prefix = "startup-step: "

    /// The steps in `output` (lines as ``lines`` writes them), in order; lines that are not
    /// steps are skipped.
    static func parse(_ output: String) -> [(name: String, time: Double)] {
        output.split(separator: "\n").compactMap { line in
            guard line.hasPrefix(prefix) else { return nil }
            let fields = line.dropFirst(prefix.count).split(separator: " ")
            guard fields.count == 2, let time = Double(fields[1]) else { return nil }
            return (String(fields[0]), time)
        }
    }
}

/// The moment the program's `main` began, on the monotonic clock: read first thing in `main`,
/// so the time from launch to it is the loading of the program and its libraries.
enum ProgramStart {
    /// Monotonic seconds when `main` began.
    static let time = ChildProcess.monotonicNow
    /// The environment the program was launched with, read first thing in `main`: what its
    /// children get, whatever its own windows set since (``ComposeTable``'s variable).
    static let environment = ProcessInfo.processInfo.environment
}

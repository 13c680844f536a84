import FoundationEssentials
import Traces

/// The machine a benchmark ran on: cores, CPU model and how busy it was.
package enum MachineDescription {
    static var current: String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let model = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last.map { String($0.trimmingSpacesAndTabs()) } ?? "unknown CPU"
        return "\(cores) cores, \(model), load average \(loadAverage)"
    }

    /// The 1, 5 and 15 minute load averages, as /proc/loadavg gives them: above the number of
    /// cores, other work was waiting for them and times are inflated.
    static var loadAverage: String {
        let fields = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3) ?? []
        return fields.count == 3 ? fields.joined(separator: " ") : "unknown"
    }
}

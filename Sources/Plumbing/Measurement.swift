import FoundationEssentials
import Glibc

/// Repeated timings of one thing: the median and the spread, never a single run, because
/// absolute times on a shared machine drift.
package struct Measurement {
    /// Seconds taken by each run.
    package let samples: [Double]

    /// The runs `samples` took, in seconds.
    package init(samples: [Double]) { self.samples = samples }

    /// Times `body` `runs` times after `warmups` untimed runs.
    package static func time(runs: Int, warmups: Int = 1, _ body: () throws -> Void) rethrows -> Measurement {
        for _ in 0..<warmups { try body() }
        var samples: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let start = clock.now
            try body()
            samples.append(Self.seconds(clock.now - start))
        }
        return Measurement(samples: samples)
    }

    /// CPU time the whole process has used, in seconds, on all its threads (the rasteriser
    /// draws bands on several): unlike the wall clock, it does not count the time other work
    /// held the cores.
    package static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `duration` in seconds.
    package static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    package var sorted: [Double] { samples.sorted() }

    /// The median run, in seconds.
    package var median: Double { percentile(0.5) }

    /// The `fraction` percentile (0…1) by nearest rank, in seconds.
    package func percentile(_ fraction: Double) -> Double {
        let values = sorted
        guard !values.isEmpty else { return 0 }
        let rank = Int((fraction * Double(values.count)).rounded(.up)) - 1
        return values[min(max(rank, 0), values.count - 1)]
    }

    /// The fastest and the slowest run, in seconds.
    package var range: (low: Double, high: Double) { (sorted.first ?? 0, sorted.last ?? 0) }
}

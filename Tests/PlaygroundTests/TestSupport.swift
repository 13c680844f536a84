import Engine
import Foundation
@testable import Plumbing
import Traces

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The system's monotonic clock as a time source, in seconds since it was made: the real
/// clock a server's deadlines run on, without the window's SDL.
final class SystemMonotonicClock: TimeSource, Sendable {
    private let origin = MonotonicTime.now

    /// Seconds since the clock was made.
    var now: Double { MonotonicTime.now - origin }
}

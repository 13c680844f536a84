import CSDL
import Engine

/// The window's real clock: SDL's high-resolution performance counter, in seconds since the
/// clock was made. Only the window reads real time; the Engine gets it injected.
package final class MonotonicClock: TimeSource, Sendable {
    private let origin = SDL_GetPerformanceCounter()
    private let frequency = Double(SDL_GetPerformanceFrequency())

    /// Seconds since the clock was made.
    package var now: Double { Double(SDL_GetPerformanceCounter() &- origin) / frequency }
}

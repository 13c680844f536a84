import Plumbing
import Traces

/// Waits with the system's `nanosleep`, to tens of microseconds: a frame started late by a
/// whole millisecond (as `SDL_Delay` rounds) would show its input a millisecond later.
package struct SystemSleeper: FrameSleeper {
    /// The sleeper of the real window.
    package init() {}

    package func sleep(seconds: Double) {
        Pause.sleep(seconds: seconds)
    }
}

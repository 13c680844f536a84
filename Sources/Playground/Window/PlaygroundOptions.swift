import Engine
import Interaction
import Plumbing
import Traces

/// How the playground window starts: every choice a script may want to fix, so a screenshot
/// of any configuration can be made without touching the keyboard.
package struct PlaygroundOptions {
    /// The session configuration to start with.
    package var configuration: SessionConfiguration
    /// The window's size in points.
    package var windowSize: Size
    /// The policies P cycles through: the presets, then the rules of `--policy-file`.
    package var policyChoices = PolicySpec.presets
    /// Where R saves recordings.
    package var recordFolder = "recordings"
    /// Where finished transitions are appended as JSON lines, if anywhere.
    package var eventsOut: String?
    /// Where the pending decision shown each frame is appended as JSON lines, if anywhere.
    package var hudLog: String?
    /// Where each presented frame's start, interval and work are appended as JSON lines, if anywhere.
    package var framesOut: String?
    /// Where screenshots go.
    package var screenshotFolder = "out/screenshots"
    /// Whether the HUD starts visible.
    package var showHUD = true
    /// Start recording at once (for scripts).
    package var recordAtStart = false
    /// Take a screenshot after this many seconds, then quit (for scripts).
    package var screenshotAfter: Double?
    /// Quit after presenting this many frames (for start-up measurements).
    package var quitAfterFrames: Int?
    /// Print the monotonic time of the first presented frame (for start-up measurements).
    package var reportFirstFrame = false
    /// Serve the page and take a phone's touches over HTTP (`--serve`), and where.
    package var serve: ServeOptions?
    /// The study the served page runs (`--study`), if any.
    package var study: StudyPlan?
    /// The renderer to draw with (`--renderer`); nil measures both when the window opens.
    package var renderer: WindowRendererKind?
    /// The wall clock recordings and screenshots are dated and named by.
    package var wallClock: any WallClock = SystemWallClock()
    /// Watches the window from outside (the bench's latency probe), if anything does.
    package var observer: (any WindowObserver)?

    /// Starts with `configuration` in a window of `windowSize` points; every other choice at
    /// its default, to be set one by one.
    package init(configuration: SessionConfiguration, windowSize: Size) {
        self.configuration = configuration
        self.windowSize = windowSize
    }
}

import Engine
import Interaction
import Traces

/// How the playground window starts: every choice a script may want to fix, so a screenshot
/// of any configuration can be made without touching the keyboard.
struct PlaygroundOptions {
    /// The session configuration to start with.
    var configuration: SessionConfiguration
    /// The window's size in points.
    var windowSize: Size
    /// The policies P cycles through: the presets, then the rules of `--policy-file`.
    var policyChoices = PolicySpec.presets
    /// Where R saves recordings.
    var recordFolder = "recordings"
    /// Where finished transitions are appended as JSON lines, if anywhere.
    var eventsOut: String?
    /// Where the pending decision shown each frame is appended as JSON lines, if anywhere.
    var hudLog: String?
    /// Where each presented frame's start, interval and work are appended as JSON lines, if anywhere.
    var framesOut: String?
    /// Where screenshots go.
    var screenshotFolder = "out/screenshots"
    /// Whether the HUD starts visible.
    var showHUD = true
    /// Start recording at once (for scripts).
    var recordAtStart = false
    /// Take a screenshot after this many seconds, then quit (for scripts).
    var screenshotAfter: Double?
    /// Quit after presenting this many frames (for start-up measurements).
    var quitAfterFrames: Int?
    /// Print the monotonic time of the first presented frame (for start-up measurements).
    var reportFirstFrame = false
    /// Serve the page and take a phone's touches over HTTP (`--serve`), and where.
    var serve: ServeOptions?
    /// The study the served page runs (`--study`), if any.
    var study: StudyPlan?
    /// The renderer to draw with (`--renderer`); nil measures both when the window opens.
    var renderer: WindowRendererKind?
    /// Measures input-to-present latency with synthetic input, then quits.
    var latencyProbe: LatencyProbe?
}

import Engine
import Interaction
import Output
import Playground
import Traces

/// What the command line asks of the platform: the playground window and the pictures drawn
/// offscreen. The program's `main` gives SDL's (`SDLPlatform`); a command line without one
/// (``NoPlatform``) refuses these commands with ``DisplayError``, and a test may give its own.
package protocol Platform: Sendable {
    /// False when there is no window system at all: commands that would draw refuse at once,
    /// before doing any work.
    var hasWindowSystem: Bool { get }
    /// Opens the playground window with `options` (replaying `replay`, if any) and runs it
    /// until the person quits, or until the replay ends when `exitWhenReplayEnds`.
    func openWindow(options: PlaygroundOptions, replay: PlaygroundReplay?, exitWhenReplayEnds: Bool) throws -> ExitCode
    /// An offscreen painter of transition frames `size` points large.
    func framePainter(size: Size) throws -> any FramePainter
    /// Writes `trace`'s frames, replayed under `configuration`, as a PNG contact sheet at `path`
    /// (not replacing a file without `force`).
    func writeContactSheet(trace: Trace, configuration: ResolvedConfiguration, records: [TransitionRecord], title: String, to path: String, force: Bool) throws
    /// Writes `trace`'s progress over time under `configuration` as a PNG plot at `path`.
    func writeProgressPlot(trace: Trace, configuration: ResolvedConfiguration, title: String, to path: String, force: Bool) throws
    /// Writes the prediction error against horizon of `survey` as a PNG plot at `path`.
    func writePredictionErrorPlot(survey: PredictionErrorSurvey, title: String, to path: String, force: Bool) throws
    /// Writes agreement (0…1) against `parameter`'s values as a PNG plot at `path`, marking the
    /// policy's own value `preset`.
    func writeSweepPlot(rows: [(value: Double, agreement: Double)], preset: Double?, title: String, parameter: String, to path: String, force: Bool) throws
}

/// Draws transition frames offscreen, one at a time, and saves each as a PNG.
package protocol FramePainter {
    /// Draws `list`, with the finger at `pointers` (points) and `caption` under it, if given.
    func draw(_ list: DisplayList, pointers: [Point], caption: String?)
    /// Saves the frame drawn last as a PNG at `path` (not replacing a file without `force`).
    func savePNG(to path: String, force: Bool) throws
}

/// The platform of a command line without a window system: every picture and the window are
/// refused with ``DisplayError``.
package struct NoPlatform: Platform {
    /// The command line without pictures or a window.
    package init() {}

    package var hasWindowSystem: Bool { false }

    private static var refusal: DisplayError {
        DisplayError(description: "this command line has no window system: the window and pictures need the gesture-lab program")
    }

    package func openWindow(options: PlaygroundOptions, replay: PlaygroundReplay?, exitWhenReplayEnds: Bool) throws -> ExitCode { throw Self.refusal }
    package func framePainter(size: Size) throws -> any FramePainter { throw Self.refusal }
    package func writeContactSheet(trace: Trace, configuration: ResolvedConfiguration, records: [TransitionRecord], title: String, to path: String, force: Bool) throws {
        throw Self.refusal
    }
    package func writeProgressPlot(trace: Trace, configuration: ResolvedConfiguration, title: String, to path: String, force: Bool) throws { throw Self.refusal }
    package func writePredictionErrorPlot(survey: PredictionErrorSurvey, title: String, to path: String, force: Bool) throws { throw Self.refusal }
    package func writeSweepPlot(rows: [(value: Double, agreement: Double)], preset: Double?, title: String, parameter: String, to path: String, force: Bool) throws {
        throw Self.refusal
    }
}

extension NoPlatform: BenchRunner {
    package func run(_ section: BenchSection, context: BenchContext) throws -> [BenchFigure] { throw Self.refusal }
}

extension FramePainter {
    /// Draws `list` alone: no finger, no caption.
    package func draw(_ list: DisplayList) { draw(list, pointers: [], caption: nil) }
}

import Engine
import Interaction
import Lab
import Output
import Playground
import SDLFront
import Traces

/// The command line's platform in the real program: SDL's window and offscreen pictures.
struct SDLPlatform: Platform {
    var hasWindowSystem: Bool { true }

    func openWindow(options: PlaygroundOptions, replay: PlaygroundReplay?, exitWhenReplayEnds: Bool) throws -> ExitCode {
        try PlaygroundWindow.launch(options: options, replay: replay, exitWhenReplayEnds: exitWhenReplayEnds)
    }

    func framePainter(size: Size) throws -> any FramePainter { try FrameRenderer(size: size) }

    func writeContactSheet(trace: Trace, configuration: ResolvedConfiguration, records: [TransitionRecord], title: String, to path: String, force: Bool) throws {
        try ContactSheet().write(trace: trace, configuration: configuration, records: records, title: title, to: path, force: force)
    }

    func writeProgressPlot(trace: Trace, configuration: ResolvedConfiguration, title: String, to path: String, force: Bool) throws {
        try ProgressPlot().write(trace: trace, configuration: configuration, title: title, to: path, force: force)
    }

    func writePredictionErrorPlot(survey: PredictionErrorSurvey, title: String, to path: String, force: Bool) throws {
        try PredictionErrorPlot().write(survey: survey, title: title, to: path, force: force)
    }

    func writeSweepPlot(rows: [(value: Double, agreement: Double)], preset: Double?, title: String, parameter: String, to path: String, force: Bool) throws {
        try SweepPlot().write(rows: rows, preset: preset, title: title, parameter: parameter, to: path, force: force)
    }
}

extension FrameRenderer: FramePainter {}

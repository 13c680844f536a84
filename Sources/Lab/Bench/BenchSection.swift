/// A section of `gesture-lab bench`, in the order a full run measures them.
package enum BenchSection: String, CaseIterable, Sendable {
    case replay, loading, velocity, rendering, latency, recorder, check, startup

    /// Where scripts/run-bench.sh builds the bare SDL2 window (scripts/bare-sdl-window.c) the
    /// start-up section compares the window with.
    package static let bareSDLProgram = ".build/bench-bare-sdl-window"
}

/// Measures the bench's sections: the bench module does it with the window and the renderer,
/// so the command line without SDL takes it as a value.
package protocol BenchRunner: Sendable {
    /// Measures `section` with `context`'s sizes and workspace, returning its figures.
    func run(_ section: BenchSection, context: BenchContext) throws -> [BenchFigure]
}

import Engine
import FoundationEssentials
import Plumbing
import Traces

/// What every section gets: the size of the run, a scratch folder and what to draw.
package struct BenchContext {
    package let quick: Bool
    package let workspace: String
    /// The transitions `--transitions` asked for; nil for each section's own default.
    package var transitions: [any Transition]? = nil
    /// The frame sizes the rendering section draws, in pixels (one pixel per point).
    package var renderSizes: [Size] = BenchContext.defaultRenderSizes
    /// The bare SDL2 program the start-up is compared with (`--bare-sdl`); nil looks for it
    /// where scripts/run-bench.sh builds it.
    package var bareSDL: String? = nil

    /// A laptop's window, and the HiDPI screens of today's phones and laptops.
    static let defaultRenderSizes = [Size(width: 1280, height: 800), Size(width: 2560, height: 1600)]

    /// `1280x800`.
    package static func sizeName(_ size: Size) -> String { "\(Int(size.width))x\(Int(size.height))" }

    /// `full` normally, `small` with --quick.
    package func size(_ full: Int, quick small: Int) -> Int { quick ? small : full }

    /// Runs to time: more for a full run.
    package var runs: Int { quick ? 3 : 7 }

    /// A synthesized trace of `events` events written once into the workspace.
    package func syntheticTrace(events: Int, pointers: Int) throws -> String {
        let path = PathName.appending("synthetic-\(events)-\(pointers).json", to: workspace)
        if FileManager.default.fileExists(atPath: path) { return path }
        let synthesizer = TraceSynthesizer(eventCount: events, pointerCount: pointers, seed: 7)
        let writer = try TraceWriter(path: path, header: synthesizer.header(), bufferSize: 1 << 20)
        try synthesizer.generate { try writer.append($0) }
        try writer.finish()
        return path
    }
}

import CSDL
import FoundationEssentials
import Glibc
import Playground
import Plumbing
import Rasterizer

/// The window's renderer: the one asked for with `--renderer`, or with `auto` the faster of the
/// two by a few frames timed on the window itself when it opens (the software one, untimed, on
/// a machine without a GPU).
///
/// Which is faster depends on the machine more than on any rule: on a real GPU the accelerated
/// renderer wins, while on llvmpipe under Xvfb every full-screen layer costs a texture upload
/// and a software-rasterised quad, so the software renderer (with ``SoftwareRasterizer``
/// drawing the layers) takes a fraction of the time per frame.
package struct WindowRendererChoice {
    /// Frames of each renderer drawn before timing starts (shaders compiled, caches filled).
    static let warmUpFrames = 2
    /// Frames of each renderer timed.
    static let timedFrames = 5

    /// The renderer chosen.
    let kind: WindowRendererKind
    /// Seconds per calibration frame (drawing and presenting) of each renderer timed; empty
    /// when the renderer was asked for by name.
    let frameSeconds: [WindowRendererKind: Double]

    /// What the HUD says: the renderer, and the timings behind the choice when it was measured.
    let summary: String

    /// The choice between measured frame times: the accelerated renderer unless the software
    /// one is clearly faster (by ``DrawPathChooser``'s rule), so noise never flips a near tie;
    /// a renderer that could not be timed is not chosen.
    init(frameSeconds: [WindowRendererKind: Double]) {
        self.frameSeconds = frameSeconds
        switch (frameSeconds[.accelerated], frameSeconds[.software]) {
        case let (accelerated?, software?):
            kind = DrawPathChooser.replaces(accelerated, with: software) ? .software : .accelerated
            let other: WindowRendererKind = kind == .software ? .accelerated : .software
            summary = "\(kind.rawValue) (measured: \(DrawPathChooser.milliseconds(kind == .software ? software : accelerated)) a frame, "
                + "\(other.rawValue) \(DrawPathChooser.milliseconds(kind == .software ? accelerated : software)))"
        case (nil, .some):
            kind = .software
            summary = kind.rawValue
        default:
            kind = .accelerated
            summary = kind.rawValue
        }
    }

    /// The renderer asked for by name.
    init(kind: WindowRendererKind) {
        self.kind = kind
        frameSeconds = [:]
        summary = kind.rawValue
    }

    /// The software renderer, without timing anything, on a machine with no GPU that OpenGL
    /// could reach: its "accelerated" renderer would be Mesa's llvmpipe, drawing on the CPU
    /// through a full-screen texture upload, which every measurement so far put 5–40 times
    /// behind the software renderer (and timing both costs the window some 200 ms at start).
    init(withoutGPU: Void) {
        kind = .software
        frameSeconds = [:]
        summary = "software (no GPU device: \(Self.renderNodeFolder) has no render node, so OpenGL would draw on the CPU)"
    }

    /// Where Linux lists the GPUs' render nodes (`renderD128`, …).
    static let renderNodeFolder = "/dev/dri"

    /// The device files through which OpenGL reaches a GPU, among the names in `/dev/dri`
    /// (`driNames`) and in `/dev` (`devNames`): DRM render nodes, and NVIDIA's own devices.
    static func gpuDevices(driNames: [String], devNames: [String]) -> [String] {
        let renderNodes = driNames.filter { $0.hasPrefix("renderD") }.map { "\(renderNodeFolder)/\($0)" }
        let nvidia = devNames.filter { name in name.hasPrefix("nvidia") && name.dropFirst("nvidia".count).allSatisfy(\.isNumber) && name != "nvidia" }
            .map { "/dev/\($0)" }
        return (renderNodes + nvidia).sorted()
    }

    /// The GPU devices of this machine (see ``gpuDevices(driNames:devNames:)``).
    static var gpuDevices: [String] {
        let files = FileManager.default
        return gpuDevices(driNames: (try? files.contentsOfDirectory(atPath: renderNodeFolder)) ?? [],
                          devNames: (try? files.contentsOfDirectory(atPath: "/dev")) ?? [])
    }

    /// The renderer `auto` picks for `window`: the software one at once when there is no GPU,
    /// otherwise the faster of the two by ``measure(window:clock:)``.
    static func choose(window: Window, clock: MonotonicClock, gpuDevices: [String] = WindowRendererChoice.gpuDevices) -> WindowRendererChoice {
        gpuDevices.isEmpty ? WindowRendererChoice(withoutGPU: ()) : measure(window: window, clock: clock)
    }

    /// Creates `kind`'s renderer for `window`.
    static func makeRenderer(_ kind: WindowRendererKind, window: Window) throws -> Renderer {
        try Renderer(window: window, software: kind == .software, vsync: kind == .accelerated)
    }

    /// Times each renderer on `window` drawing what every frame of the rasteriser's path costs
    /// beyond the rasteriser itself (a whole window of pixels written as that path writes them,
    /// ``Renderer/drawFrame(through:_:)``, and presented) and chooses.
    static func measure(window: Window, clock: MonotonicClock) -> WindowRendererChoice {
        var seconds: [WindowRendererKind: Double] = [:]
        for kind in WindowRendererKind.allCases {
            guard let renderer = try? makeRenderer(kind, window: window) else { continue }
            // SDL falls back to software when there is no accelerated renderer: nothing to compare.
            if kind == .accelerated && renderer.drawsInSoftware { continue }
            guard let timed = timeFrames(renderer: renderer, clock: clock) else { continue }
            seconds[kind] = timed
        }
        return WindowRendererChoice(frameSeconds: seconds)
    }

    private static func timeFrames(renderer: Renderer, clock: MonotonicClock) -> Double? {
        let size = renderer.outputSize
        guard size.width > 0, size.height > 0 else { return nil }
        var frame: Texture?
        var samples: [Double] = []
        for index in 0..<(warmUpFrames + timedFrames) {
            let start = clock.now
            let level = UInt32(truncatingIfNeeded: 40 + index * 8)
            guard renderer.drawFrame(through: &frame, { $0.fill(0xFF00_0000 | level << 16 | level << 8 | level) }) else { return nil }
            renderer.finishDrawing()
            renderer.present()
            if index >= warmUpFrames { samples.append(clock.now - start) }
        }
        return Measurement(samples: samples).median
    }
}

import Engine

/// Draws the window's display list by whichever of two paths measures faster on this renderer
/// and transition (see ``DrawPathChooser``): the ``SoftwareRasterizer`` writing straight into
/// one streaming texture that SDL copies to the window, or ``DisplayListRenderer``'s meshes.
/// Before measurements exist it prefers the rasteriser on SDL's software renderer (where
/// `gesture-lab bench --only rendering` measures it 3–10× faster) and the meshes on a GPU
/// renderer, which even llvmpipe draws faster than the rasteriser plus a full-screen upload.
final class WindowLayerPainter {
    /// The path in use and the measurements behind the choice, as the HUD says it.
    var pathName: String { chooser.summary }
    /// True until a trial has chosen the path (it times only frames of a transition under way,
    /// alternating the two paths, so those frames cost up to the slower path's).
    var isChoosingPath: Bool { chooser.chosen == nil }
    private var chooser = DrawPathChooser(preferring: .meshes)
    /// What a trial was measured for: a new transition or output size starts another.
    private var trialSubject: (transition: String, width: Int, height: Int)?
    /// The path the frame being drawn used, until ``frameFinished(seconds:)``.
    private var pathThisFrame: DrawPathChooser.Path?
    /// Screen pixels read back once per screen texture, keyed by the texture.
    private var screenPixels: [ObjectIdentifier: PixelBuffer] = [:]
    private var rasterizer: (from: ObjectIdentifier, to: ObjectIdentifier, rasterizer: SoftwareRasterizer)?
    private var frame: Texture?

    /// Draws `list` (of the transition named `transition`, under way or at rest) over `screens`
    /// at `scale` pixels per point, on `background` where no layer covers (the rasteriser's frame
    /// covers the whole output, so the renderer is not cleared first). Only frames under way
    /// count towards the choice of path.
    func draw(_ list: DisplayList, transition: String, underWay: Bool, screens: ScreenTextures, renderer: Renderer, scale: Double, background: Color) {
        let size = renderer.outputSize
        if trialSubject.map({ $0.transition != transition || $0.width != size.width || $0.height != size.height }) ?? true {
            chooser.restart(preferring: renderer.driverName == "software" ? .rasterizer : .meshes)
            trialSubject = (transition, size.width, size.height)
        }
        if (underWay ? chooser.nextPath : chooser.pathAtRest) == .rasterizer {
            if let rasterizer = rasterizer(for: screens, renderer: renderer), let frame = frame(for: renderer),
               frame.withLockedPixels({ rasterizer.draw(list, into: $0, scale: scale) }) {
                pathThisFrame = underWay ? .rasterizer : nil
                renderer.copy(frame, x: 0, y: 0)
                return
            }
            chooser.markUnavailable(.rasterizer)
        }
        pathThisFrame = underWay ? .meshes : nil
        renderer.clear(background)
        DisplayListRenderer().draw(list, screens: screens, renderer: renderer, scale: scale)
    }

    /// Counts the frame just presented, `seconds` from the start of its drawing to the return
    /// of its present, towards the path it used.
    func frameFinished(seconds: Double) {
        if let pathThisFrame { chooser.record(pathThisFrame, seconds: seconds) }
        pathThisFrame = nil
    }

    /// Takes `pixels` as the pixels of `screens` (the same pictures), so the rasteriser need not
    /// read them back from the textures.
    func adopt(_ pixels: (from: PixelBuffer, to: PixelBuffer), of screens: ScreenTextures) {
        screenPixels[ObjectIdentifier(screens.from)] = pixels.from
        screenPixels[ObjectIdentifier(screens.to)] = pixels.to
    }

    private func rasterizer(for screens: ScreenTextures, renderer: Renderer) -> SoftwareRasterizer? {
        let from = ObjectIdentifier(screens.from)
        let to = ObjectIdentifier(screens.to)
        if let cached = rasterizer, cached.from == from, cached.to == to { return cached.rasterizer }
        // New screens (the window was resized) make the old pixels useless.
        screenPixels = screenPixels.filter { $0.key == from || $0.key == to }
        for (key, texture) in [(from, screens.from), (to, screens.to)] where screenPixels[key] == nil {
            guard let pixels = try? renderer.pixels(of: texture) else { return nil }
            screenPixels[key] = pixels
        }
        guard let fromPixels = screenPixels[from], let toPixels = screenPixels[to] else { return nil }
        let made = SoftwareRasterizer(from: fromPixels, to: toPixels)
        rasterizer = (from, to, made)
        return made
    }

    private func frame(for renderer: Renderer) -> Texture? {
        let size = renderer.outputSize
        if let frame, frame.width == size.width, frame.height == size.height { return frame }
        frame = try? Texture(streamingFor: renderer, width: size.width, height: size.height)
        return frame
    }
}

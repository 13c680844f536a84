import Engine
import Playground
import Rasterizer

/// Draws the window's display list by whichever of two paths measures faster on this renderer
/// and transition (see ``DrawPathChooser``): the ``SoftwareRasterizer`` writing straight into
/// the window's pixels (SDL's software renderer) or into one streaming texture that SDL copies
/// to the window, or ``DisplayListRenderer``'s meshes.
/// Before measurements exist it prefers the rasteriser on SDL's software renderer (where
/// `gesture-lab bench --only rendering` measures it 3–10× faster) and the meshes on a GPU
/// renderer, which even llvmpipe draws faster than the rasteriser plus a full-screen upload.
package final class WindowLayerPainter {
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
    private var rasterizer: (from: PixelBuffer, to: PixelBuffer, rasterizer: SoftwareRasterizer)?
    private var frame: Texture?

    /// Draws `list` (of the transition named `transition`, under way or at rest) over `screens`
    /// at `scale` pixels per point, on `background` where no layer covers (the rasteriser's frame
    /// covers the whole output, so the renderer is not cleared first). Only frames under way
    /// count towards the choice of path.
    func draw(_ list: DisplayList, transition: String, underWay: Bool, screens: ScreenTextures, renderer: Renderer, scale: Double, background: Color) {
        if usesRasterizer(transition: transition, underWay: underWay, renderer: renderer) {
            if let rasterizer = rasterizer(for: screens, renderer: renderer), drawRasterized(list, with: rasterizer, underWay: underWay, renderer: renderer, scale: scale) {
                return
            }
            chooser.markUnavailable(.rasterizer)
        }
        pathThisFrame = underWay ? .meshes : nil
        renderer.clear(background)
        DisplayListRenderer().draw(list, screens: screens, renderer: renderer, scale: scale)
    }

    /// Draws `list` as ``draw(_:transition:underWay:screens:renderer:scale:background:)`` does,
    /// from the screens' pixels before their textures exist (the window's first frame, drawn
    /// before the textures are made): true when drawn, false when only the textures will do (the
    /// meshes' path, or the rasteriser unavailable), and nothing was drawn.
    func draw(_ list: DisplayList, transition: String, underWay: Bool, screenPixels pixels: (from: PixelBuffer, to: PixelBuffer), renderer: Renderer, scale: Double) -> Bool {
        guard usesRasterizer(transition: transition, underWay: underWay, renderer: renderer) else { return false }
        return drawRasterized(list, with: rasterizer(from: pixels.from, to: pixels.to), underWay: underWay, renderer: renderer, scale: scale)
    }

    /// True when this frame is the rasteriser's, starting another trial for a new transition or
    /// output size.
    private func usesRasterizer(transition: String, underWay: Bool, renderer: Renderer) -> Bool {
        let size = renderer.outputSize
        if trialSubject.map({ $0.transition != transition || $0.width != size.width || $0.height != size.height }) ?? true {
            chooser.restart(preferring: renderer.drawsInSoftware ? .rasterizer : .meshes)
            trialSubject = (transition, size.width, size.height)
        }
        return (underWay ? chooser.nextPath : chooser.pathAtRest) == .rasterizer
    }

    /// Rasterises `list` onto the output (``Renderer/drawFrame(through:_:)``: the window's own
    /// pixels, or the frame's streaming texture copied); false when neither can be written.
    private func drawRasterized(_ list: DisplayList, with rasterizer: SoftwareRasterizer, underWay: Bool, renderer: Renderer, scale: Double) -> Bool {
        guard renderer.drawFrame(through: &frame, { rasterizer.draw(list, into: $0, scale: scale) }) else { return false }
        pathThisFrame = underWay ? .rasterizer : nil
        return true
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
        // The usual frame: the same screens as the frame before.
        if let cached = rasterizer, screenPixels[from] === cached.from, screenPixels[to] === cached.to { return cached.rasterizer }
        // New screens (the window was resized) make the old pixels useless.
        screenPixels = screenPixels.filter { $0.key == from || $0.key == to }
        for (key, texture) in [(from, screens.from), (to, screens.to)] where screenPixels[key] == nil {
            guard let pixels = try? renderer.pixels(of: texture) else { return nil }
            screenPixels[key] = pixels
        }
        guard let fromPixels = screenPixels[from], let toPixels = screenPixels[to] else { return nil }
        return rasterizer(from: fromPixels, to: toPixels)
    }

    /// The rasteriser sampling `from` and `to`, made once for them.
    private func rasterizer(from: PixelBuffer, to: PixelBuffer) -> SoftwareRasterizer {
        if let cached = rasterizer, cached.from === from, cached.to === to { return cached.rasterizer }
        let made = SoftwareRasterizer(from: from, to: to)
        rasterizer = (from, to, made)
        return made
    }
}

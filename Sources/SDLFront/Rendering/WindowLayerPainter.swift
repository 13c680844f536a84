import Engine

/// Draws the window's display list by the faster of two paths for its renderer: on SDL's
/// software renderer, the ``SoftwareRasterizer`` writing straight into one streaming texture
/// that SDL copies to the window (`gesture-lab bench --only rendering` measures it 3–10×
/// faster there); on a GPU renderer, ``DisplayListRenderer``'s meshes, which the GPU (even
/// llvmpipe) draws faster than the rasteriser plus a full-screen upload.
final class WindowLayerPainter {
    /// The path in use, as the HUD names it.
    private(set) var pathName = ""
    /// Screen pixels read back once per screen texture, keyed by the texture.
    private var screenPixels: [ObjectIdentifier: PixelBuffer] = [:]
    private var rasterizer: (from: ObjectIdentifier, to: ObjectIdentifier, rasterizer: SoftwareRasterizer)?
    private var frame: Texture?

    /// Draws `list` over `screens` at `scale` pixels per point.
    func draw(_ list: DisplayList, screens: ScreenTextures, renderer: Renderer, scale: Double) {
        guard renderer.driverName == "software", let rasterizer = rasterizer(for: screens, renderer: renderer),
              let frame = frame(for: renderer) else {
            pathName = "SDL \(renderer.driverName) meshes"
            DisplayListRenderer().draw(list, screens: screens, renderer: renderer, scale: scale)
            return
        }
        pathName = "own rasteriser"
        guard frame.withLockedPixels({ rasterizer.draw(list, into: $0, scale: scale) }) else { return }
        renderer.copy(frame, x: 0, y: 0)
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

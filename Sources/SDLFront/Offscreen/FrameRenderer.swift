import Engine
import FoundationEssentials
import Glibc
import Interaction
import Rasterizer

/// Renders single frames of a transition without a window: the display list drawn over the
/// two app screens by the ``SoftwareRasterizer`` straight into the canvas's pixels, with
/// optional finger markers and a caption drawn over them by SDL.
package final class FrameRenderer {
    let canvas: OffscreenCanvas
    let size: Size
    private let rasterizer: SoftwareRasterizer
    private let text: TextPainter

    /// A renderer for a screen of `size` points drawn at one pixel per point.
    package init(size: Size) throws {
        self.size = size
        canvas = try OffscreenCanvas(width: Int(size.width.rounded()), height: Int(size.height.rounded()))
        text = try TextPainter(renderer: canvas.renderer, scale: 1)
        let screens = try ScreenPainter.makeTextures(renderer: canvas.renderer, text: text, width: Int(size.width.rounded()),
                                                     height: Int(size.height.rounded()), scale: 1)
        rasterizer = SoftwareRasterizer(from: try canvas.renderer.pixels(of: screens.from), to: try canvas.renderer.pixels(of: screens.to))
    }

    /// Draws `list` and finger markers at `pointers` (points), replacing what was there.
    package func draw(_ list: DisplayList, pointers: [Point] = [], caption: String? = nil) {
        let renderer = canvas.renderer
        // What SDL still has batched must land before the rasteriser writes the pixels.
        renderer.flush()
        if let target = renderer.targetSurface?.pixelImage {
            rasterizer.draw(list, into: target, scale: 1)
        }
        for point in pointers {
            renderer.circle(center: (point.x, point.y), radius: 16, color: Color(255, 255, 255, 110))
            renderer.circle(center: (point.x, point.y), radius: 10, color: Color(255, 70, 120, 220))
        }
        if let caption {
            renderer.fill(x: 0, y: size.height - 26, width: size.width, height: 26, color: Color(12, 14, 20, 200))
            text.draw(caption, x: 10, y: size.height - 21, size: .small, color: Color(235, 235, 240))
        }
        text.endFrame()
        renderer.flush()
    }

    /// Writes the current frame as a PNG.
    package func savePNG(to path: String, force: Bool) throws {
        try canvas.savePNG(to: path, force: force)
    }

    /// The current frame's pixels (ARGB8888 rows), for hashing.
    func pixelBytes() -> [UInt8] {
        canvas.renderer.targetSurface?.pixelBytes() ?? []
    }
}

import Engine
import Foundation
import Interaction

/// Renders single frames of a transition without a window: the display list drawn over the
/// two app screens, with optional finger markers, into an offscreen software canvas.
final class FrameRenderer {
    let canvas: OffscreenCanvas
    let size: Size
    private let screens: ScreenTextures
    private let text: TextPainter

    /// A renderer for a screen of `size` points drawn at one pixel per point.
    init(size: Size) throws {
        self.size = size
        canvas = try OffscreenCanvas(width: Int(size.width.rounded()), height: Int(size.height.rounded()))
        text = try TextPainter(renderer: canvas.renderer, scale: 1)
        screens = try ScreenPainter.makeTextures(renderer: canvas.renderer, text: text, width: Int(size.width.rounded()),
                                                 height: Int(size.height.rounded()), scale: 1)
    }

    /// Draws `list` and finger markers at `pointers` (points), replacing what was there.
    func draw(_ list: DisplayList, pointers: [Point] = [], caption: String? = nil) {
        let renderer = canvas.renderer
        renderer.clear(Color(0, 0, 0))
        DisplayListRenderer().draw(list, screens: screens, renderer: renderer, scale: 1)
        for point in pointers {
            renderer.circle(center: (point.x, point.y), radius: 16, color: Color(255, 255, 255, 110))
            renderer.circle(center: (point.x, point.y), radius: 10, color: Color(255, 70, 120, 220))
        }
        if let caption {
            renderer.fill(x: 0, y: size.height - 26, width: size.width, height: 26, color: Color(12, 14, 20, 200))
            text.draw(caption, x: 10, y: size.height - 21, size: .small, color: Color(235, 235, 240))
        }
        text.endFrame()
    }

    /// Writes the current frame as a PNG.
    func savePNG(to path: String, force: Bool) throws {
        try canvas.savePNG(to: path, force: force)
    }

    /// The current frame's pixels (ARGB8888 rows), for hashing.
    func pixelBytes() -> [UInt8] {
        canvas.renderer.targetSurface?.pixelBytes() ?? []
    }
}

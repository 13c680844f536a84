import CSDL

/// A software renderer drawing into memory, for pictures made without a window.
package final class OffscreenCanvas {
    package let renderer: Renderer

    /// A canvas of `width`×`height` pixels.
    package init(width: Int, height: Int) throws {
        renderer = try Renderer(library: try SDLLibrary(video: false), offscreenWidth: width, height: height)
    }

    /// Writes what was drawn as a PNG file.
    func savePNG(to path: String, force: Bool) throws {
        guard let surface = renderer.targetSurface else { return }
        try surface.savePNG(to: path, force: force)
    }
}

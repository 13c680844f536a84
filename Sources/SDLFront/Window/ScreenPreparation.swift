import Dispatch
import FoundationEssentials
import Glibc
import Plumbing
import Rasterizer
import Traces

/// The two app screens painted, and the HUD's fonts opened, on a thread of their own while
/// the window opens: most of what the window's first frame needs that is not the window itself
/// (painting the screens' text is the longest of it), out of the way of the display server's
/// round trips that opening a window waits for.
///
/// The screens are painted by SDL's software renderer straight onto one surface, one after the
/// other, each copied out when painted: the same code on the same pixel format as the window's
/// software renderer painting them into textures, at one pixel per point, without textures to
/// make and read back. A window whose renderer or pixel size turns out otherwise paints its
/// own, as before.
package final class ScreenPreparation: @unchecked Sendable {
    /// What the thread made.
    struct Prepared {
        /// The screens' pixels (from, to), `width`×`height`.
        let from: PixelBuffer
        let to: PixelBuffer
        let width: Int
        let height: Int
        /// The HUD's fonts, at one pixel per point.
        let fonts: TextPainter.Fonts
    }

    /// Pixels per point the screens are painted at.
    static let scale = 1.0

    private let finished = DispatchSemaphore(value: 0)
    private var result: Result<Prepared, Error>?

    /// Starts painting both screens `width`×`height` pixels on a new thread. SDL (`library`)
    /// must be started already, and no other thread may use the fonts until ``wait()`` has
    /// returned.
    init(library: SDLLibrary, width: Int, height: Int) {
        let started = DetachedThread.start { [self] in
            finish(Result { try Self.paint(library: library, width: width, height: height) })
        }
        if !started { finish(.failure(SDLError(operation: "prepare the screens", message: "cannot start a thread"))) }
    }

    private func finish(_ outcome: Result<Prepared, Error>) {
        result = outcome
        finished.signal()
    }

    /// Waits for the thread to finish; its screens and fonts, or what went wrong.
    func wait() -> Result<Prepared, Error> {
        finished.wait()
        finished.signal()
        return result ?? .failure(SDLError(operation: "prepare the screens", message: "the thread ended without a result"))
    }

    /// Both screens as ``ScreenPainter/makeTextures(renderer:text:width:height:scale:)`` paints
    /// them into textures, and the fonts they were painted with.
    static func paint(library: SDLLibrary, width: Int, height: Int) throws -> Prepared {
        let fonts = try TextPainter.Fonts(library: library, scale: scale)
        let renderer = try Renderer(library: library, offscreenWidth: width, height: height)
        guard let surface = renderer.targetSurface else {
            throw SDLError(operation: "prepare the screens", message: "the offscreen renderer has no surface")
        }
        let text = TextPainter(renderer: renderer, fonts: fonts)
        // Each screen paints every pixel (it starts by clearing), so one surface serves both.
        func painted(_ screen: ScreenPainter.Screen) -> PixelBuffer {
            ScreenPainter.paint(screen, width: Double(width), height: Double(height), renderer: renderer, text: text, scale: scale)
            renderer.flush()
            return PixelBuffer(copying: surface)
        }
        let from = painted(.inbox)
        return Prepared(from: from, to: painted(.detail), width: width, height: height, fonts: fonts)
    }
}

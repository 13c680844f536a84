@testable import SDLFront
import Testing

/// The screens the window's start-up paints on its own thread, straight onto a surface, are the
/// pixels the window's renderer paints into its textures.
@Suite("Screens prepared while the window opens")
struct ScreenPreparationTests {
    @Test(arguments: [(width: 800, height: 600), (width: 333, height: 207)])
    func thePreparedScreensAreThePixelsPaintedIntoTextures(_ size: (width: Int, height: Int)) throws {
        let library = try SDLLibrary(video: false)
        let prepared = try ScreenPreparation.paint(library: library, width: size.width, height: size.height)
        let renderer = try Renderer(library: library, offscreenWidth: size.width, height: size.height)
        let text = try TextPainter(renderer: renderer, scale: ScreenPreparation.scale)
        let textures = try ScreenPainter.makeTextures(renderer: renderer, text: text, width: size.width, height: size.height, scale: ScreenPreparation.scale)
        for (name, drawn, expected) in [("from", prepared.from, try renderer.pixels(of: textures.from)), ("to", prepared.to, try renderer.pixels(of: textures.to))] {
            #expect(PixelComparison.samePixels(drawn, expected, width: size.width, height: size.height),
                    "the \(name) screen differs: \(PixelComparison.firstDifference(drawn, expected, width: size.width, height: size.height))")
        }
        #expect(prepared.width == size.width)
        #expect(prepared.height == size.height)
    }

    @Test func thePreparationThreadHandsOverBothScreensAndTheFonts() throws {
        let preparation = ScreenPreparation(library: try SDLLibrary(video: false), width: 160, height: 100)
        let prepared = try preparation.wait().get()
        let again = try preparation.wait().get()
        #expect(prepared.from === again.from)
        #expect(prepared.from.image.width == 160)
        #expect(prepared.to.image.height == 100)
    }
}

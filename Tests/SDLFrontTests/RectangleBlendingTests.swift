@testable import Rasterizer
@testable import SDLFront
import Testing

/// A translucent rectangle the window blends itself is the one SDL's software renderer fills:
/// the same pixels (x, y, width and height truncated from Float, at least one pixel, clipped),
/// the same arithmetic, over a background of every kind of channel value.
@Suite("Rectangle blending against SDL")
struct RectangleBlendingTests {
    static let width = 64, height = 48

    @Test(arguments: [
        (x: 3.0, y: 4.0, width: 20.0, height: 10.0, alpha: UInt8(200)),
        (x: 2.7, y: 5.99, width: 7.5, height: 0.2, alpha: UInt8(1)),
        (x: -4.5, y: -2.0, width: 12.9, height: 9.9, alpha: UInt8(128)),
        (x: 50.0, y: 40.0, width: 30.0, height: 30.0, alpha: UInt8(235)),
        (x: 10.0, y: 10.0, width: 0.0, height: 3.0, alpha: UInt8(90)),
        (x: 70.0, y: 10.0, width: 5.0, height: 5.0, alpha: UInt8(254)),
    ])
    func aBlendedRectangleIsThePixelsSDLFills(_ rectangle: (x: Double, y: Double, width: Double, height: Double, alpha: UInt8)) throws {
        let renderer = try Renderer(library: try SDLLibrary(video: false), offscreenWidth: Self.width, height: Self.height)
        let surface = try #require(renderer.targetSurface)
        let pixels = try #require(surface.handle.pointee.pixels)
        let pitch = Int(surface.handle.pointee.pitch)
        for y in 0..<Self.height {
            let row = (pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<Self.width {
                row[x] = 0xFF00_0000 | UInt32((x * 37 + y * 11) & 255) << 16 | UInt32((x * 13 + y * 71) & 255) << 8 | UInt32((x * y + 5) & 255)
            }
        }
        let background = PixelBuffer(copying: surface)
        let blended = PixelBuffer(copying: surface)
        let color = Color(40, 200, 120, rectangle.alpha)
        // An offscreen renderer has no window: SDL fills it.
        renderer.fill(x: rectangle.x, y: rectangle.y, width: rectangle.width, height: rectangle.height, color: color)
        renderer.flush()
        RowBlender.blendRectangle((color.red, color.green, color.blue, color.alpha), over: blended.image,
                                  x: rectangle.x, y: rectangle.y, width: rectangle.width, height: rectangle.height)
        let filled = PixelBuffer(copying: surface)
        #expect(PixelComparison.samePixels(blended, filled, width: Self.width, height: Self.height),
                "\(PixelComparison.firstDifference(blended, filled, width: Self.width, height: Self.height))")
        // The rectangle changed pixels unless it lies outside the surface.
        #expect(PixelComparison.samePixels(blended, background, width: Self.width, height: Self.height) == (rectangle.x >= Double(Self.width)))
    }
}

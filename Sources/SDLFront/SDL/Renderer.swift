import CSDL
import FoundationEssentials
import Glibc
import Rasterizer

/// A color with 8-bit channels.
package struct Color: Hashable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
    var alpha: UInt8 = 255

    package init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    var sdl: SDL_Color { SDL_Color(r: red, g: green, b: blue, a: alpha) }
}

/// An SDL renderer drawing into a window or into a surface, destroyed with this object.
package final class Renderer {
    let handle: OpaquePointer
    /// The surface drawn into, for an offscreen renderer (kept alive with it).
    let targetSurface: Surface?
    /// True when the renderer waits for the display's refresh on present.
    let hasVSync: Bool
    /// The window drawn into, kept so it outlives the renderer.
    private let window: Window?
    /// True for SDL's software renderer.
    let drawsInSoftware: Bool
    /// Kept so SDL stays initialised while the renderer exists.
    let library: SDLLibrary

    /// A renderer for `window`: accelerated with vsync where SDL offers it, software otherwise.
    /// - Parameter vsync: wait for the display's refresh on present (off for measurements).
    package init(window: Window, software: Bool = false, vsync: Bool = true) throws {
        var flags = SDL_RENDERER_TARGETTEXTURE.rawValue | (vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0)
        flags |= software ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_ACCELERATED.rawValue
        var renderer = SDL_CreateRenderer(window.handle, -1, flags)
        if renderer == nil && !software {
            renderer = SDL_CreateRenderer(window.handle, -1, SDL_RENDERER_SOFTWARE.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue)
        }
        guard let renderer else { throw SDLError.current("cannot create a renderer") }
        handle = renderer
        targetSurface = nil
        self.window = window
        library = window.library
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        // SDL's software renderer can only imitate vsync by sleeping in present, which the
        // window's own frame pacing does with the input dequeued late instead.
        drawsInSoftware = info.name.map { String(cString: $0) } == "software"
        hasVSync = vsync && info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0 && !drawsInSoftware
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// A software renderer drawing into a new `width`×`height` surface (no display needed).
    init(library: SDLLibrary, offscreenWidth width: Int, height: Int) throws {
        let surface = try Surface(width: width, height: height)
        guard let renderer = SDL_CreateSoftwareRenderer(surface.handle) else {
            throw SDLError.current("cannot create a software renderer")
        }
        handle = renderer
        targetSurface = surface
        hasVSync = false
        drawsInSoftware = true
        window = nil
        self.library = library
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    deinit { SDL_DestroyRenderer(handle) }

    /// The pixel format of textures this program writes: the window's own when SDL's software
    /// renderer draws into it and it is ARGB8888's layout without alpha (Xvfb's and most X
    /// servers' 24-bit visual), so copying a frame to the window is a plain row copy rather
    /// than a conversion of every pixel; ARGB8888 otherwise.
    var streamingFormat: UInt32 {
        if let window, drawsInSoftware, SDL_GetWindowPixelFormat(window.handle) == SDL_PIXELFORMAT_RGB888.rawValue {
            return SDL_PIXELFORMAT_RGB888.rawValue
        }
        return SDL_PIXELFORMAT_ARGB8888.rawValue
    }

    /// Lets `body` write the window's own pixels in place: for SDL's software renderer drawing
    /// into the window itself (no texture as its target, no scale, the whole output as its
    /// viewport), whose pixels are 32-bit with ARGB8888's red, green and blue (RGB888, which X
    /// servers' 24-bit visuals give, or ARGB8888), so a frame the rasteriser draws needs no copy
    /// from a texture (1.1 ms a frame at 2560×1600). That renderer draws into the window's
    /// surface (`SDL_GetWindowSurface`, fetched again after a resize), the one handed over here;
    /// the commands batched before are carried out first, so everything drawn keeps its order.
    /// False, with nothing drawn, otherwise.
    func withWindowPixels(_ body: (PixelImage) -> Void) -> Bool {
        guard let window, drawsInSoftware, SDL_GetRenderTarget(handle) == nil else { return false }
        var scaleX: Float = 0, scaleY: Float = 0
        var viewport = SDL_Rect()
        SDL_RenderGetScale(handle, &scaleX, &scaleY)
        SDL_RenderGetViewport(handle, &viewport)
        let size = outputSize
        guard scaleX == 1, scaleY == 1, viewport.x == 0, viewport.y == 0, Int(viewport.w) == size.width, Int(viewport.h) == size.height else { return false }
        SDL_RenderFlush(handle)
        guard let surface = SDL_GetWindowSurface(window.handle), let format = surface.pointee.format,
              format.pointee.format == SDL_PIXELFORMAT_RGB888.rawValue || format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue,
              Int(surface.pointee.w) == size.width, Int(surface.pointee.h) == size.height, surface.pointee.pitch % 4 == 0 else { return false }
        let locks = (surface.pointee.flags & UInt32(SDL_RLEACCEL)) != 0
        guard !locks || SDL_LockSurface(surface) == 0, let pixels = surface.pointee.pixels else { return false }
        body(PixelImage(base: pixels.assumingMemoryBound(to: UInt32.self), width: size.width, height: size.height, stride: Int(surface.pointee.pitch) / 4))
        if locks { SDL_UnlockSurface(surface) }
        return true
    }

    /// Lets `body` write a whole frame of pixels and puts them on the output: straight into the
    /// window's pixels where ``withWindowPixels(_:)`` allows, otherwise into `texture` (a
    /// streaming texture of the output's size, made or made again as needed), then copied.
    /// False when neither can be written.
    func drawFrame(through texture: inout Texture?, _ body: (PixelImage) -> Void) -> Bool {
        if withWindowPixels(body) {
            texture = nil
            return true
        }
        let size = outputSize
        if texture.map({ $0.width != size.width || $0.height != size.height }) ?? true {
            texture = try? Texture(streamingFor: self, width: size.width, height: size.height)
        }
        guard let frame = texture, frame.withLockedPixels(body) else { return false }
        copy(frame, x: 0, y: 0)
        return true
    }

    /// The name of the SDL render driver ("opengl", "software", …).
    package var driverName: String {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(handle, &info)
        return info.name.map { String(cString: $0) } ?? "unknown"
    }

    /// The size of what is drawn into, in pixels.
    package var outputSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetRendererOutputSize(handle, &width, &height)
        return (Int(width), Int(height))
    }

    /// Draws into `texture` until set back to nil (the window or surface).
    func setTarget(_ texture: Texture?) {
        SDL_SetRenderTarget(handle, texture?.handle)
    }

    func setColor(_ color: Color) {
        SDL_SetRenderDrawColor(handle, color.red, color.green, color.blue, color.alpha)
    }

    package func clear(_ color: Color) {
        setColor(color)
        SDL_RenderClear(handle)
    }

    func fill(x: Double, y: Double, width: Double, height: Double, color: Color) {
        // Blended straight into the window where it can be: SDL's software renderer blends a
        // filled rectangle a pixel at a time (the HUD's panels took 1 ms a frame at 2560×1600).
        if color.alpha < 255, SDL_RenderIsClipEnabled(handle) == SDL_FALSE, withWindowPixels({ RowBlender.blendRectangle((color.red, color.green, color.blue, color.alpha), over: $0,
                                                                         x: x, y: y, width: width, height: height) }) {
            return
        }
        setColor(color)
        var rect = SDL_FRect(x: Float(x), y: Float(y), w: Float(width), h: Float(height))
        withoutBlendingWhenOpaque(color) { SDL_RenderFillRectF(handle, &rect) }
    }

    /// Runs `draw` with blending off when `color` is opaque: an opaque colour blended over
    /// anything is itself (SDL's arithmetic gives every channel back exactly), and SDL's
    /// software renderer then writes pixels rather than blending each one, several times faster.
    private func withoutBlendingWhenOpaque(_ color: Color, _ draw: () -> Void) {
        guard color.alpha == 255 else { return draw() }
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE)
        draw()
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
    }

    func outline(x: Double, y: Double, width: Double, height: Double, color: Color) {
        setColor(color)
        var rect = SDL_FRect(x: Float(x), y: Float(y), w: Float(width), h: Float(height))
        SDL_RenderDrawRectF(handle, &rect)
    }

    /// A line segment in pixels, and its color.
    struct Segment {
        var from: (Double, Double)
        var to: (Double, Double)
        var color: Color
    }

    /// A thick line drawn as a quad.
    func thickLine(from start: (Double, Double), to end: (Double, Double), width: Double, color: Color) {
        thickLines([Segment(from: start, to: end, color: color)], width: width)
    }

    /// Thick lines `width` pixels wide, each a quad, drawn in one call (a trail of a thousand
    /// segments would otherwise cost a thousand).
    func thickLines(_ segments: [Segment], width: Double) {
        var vertices: [SDL_Vertex] = []
        var indices: [Int32] = []
        vertices.reserveCapacity(segments.count * 4)
        indices.reserveCapacity(segments.count * 6)
        for segment in segments {
            let dx = segment.to.0 - segment.from.0
            let dy = segment.to.1 - segment.from.1
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            let nx = -dy / length * width / 2
            let ny = dx / length * width / 2
            let first = Int32(vertices.count)
            let color = segment.color.sdl
            func corner(_ x: Double, _ y: Double) {
                vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)), color: color, tex_coord: SDL_FPoint(x: 0, y: 0)))
            }
            corner(segment.from.0 + nx, segment.from.1 + ny)
            corner(segment.to.0 + nx, segment.to.1 + ny)
            corner(segment.to.0 - nx, segment.to.1 - ny)
            corner(segment.from.0 - nx, segment.from.1 - ny)
            for offset: Int32 in [0, 1, 2, 0, 2, 3] { indices.append(first + offset) }
        }
        guard !indices.isEmpty else { return }
        SDL_RenderGeometry(handle, nil, &vertices, Int32(vertices.count), &indices, Int32(indices.count))
    }

    /// A filled convex polygon.
    func polygon(_ corners: [(Double, Double)], color: Color) {
        guard corners.count >= 3 else { return }
        let vertexColor = color.sdl
        var vertices = corners.map { SDL_Vertex(position: SDL_FPoint(x: Float($0.0), y: Float($0.1)), color: vertexColor, tex_coord: SDL_FPoint(x: 0, y: 0)) }
        var indices: [Int32] = []
        for index in 1..<(corners.count - 1) { indices += [0, Int32(index), Int32(index + 1)] }
        withoutBlendingWhenOpaque(color) { SDL_RenderGeometry(handle, nil, &vertices, Int32(vertices.count), &indices, Int32(indices.count)) }
    }

    /// A filled circle.
    func circle(center: (Double, Double), radius: Double, color: Color) {
        let segments = max(12, Int(radius))
        var corners: [(Double, Double)] = []
        for index in 0..<segments {
            let angle = Double(index) / Double(segments) * 2 * Double.pi
            corners.append((center.0 + radius * cos(angle), center.1 + radius * sin(angle)))
        }
        polygon(corners, color: color)
    }

    /// Draws textured triangles; `opaque` ones skip blending.
    func geometry(texture: Texture?, vertices: inout [SDL_Vertex], indices: inout [Int32], opaque: Bool = false) {
        if opaque, let texture { SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE) }
        SDL_RenderGeometry(handle, texture?.handle, &vertices, Int32(vertices.count), &indices, Int32(indices.count))
        if opaque, let texture { SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND) }
    }

    /// Copies part of a texture to a rectangle, in pixels, modulated by `opacity` and
    /// `brightness` (0…1); an opaque copy skips blending.
    func copy(_ texture: Texture, source: SDL_Rect, destination: SDL_FRect, opacity: Double, brightness: Double) {
        var source = source
        var destination = destination
        let alpha = UInt8(max(0, min(255, (opacity * 255).rounded())))
        let level = UInt8(max(0, min(255, (brightness * 255).rounded())))
        SDL_SetTextureAlphaMod(texture.handle, alpha)
        SDL_SetTextureColorMod(texture.handle, level, level, level)
        if alpha == 255 { SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE) }
        SDL_RenderCopyF(handle, texture.handle, &source, &destination)
        SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND)
        SDL_SetTextureColorMod(texture.handle, 255, 255, 255)
        SDL_SetTextureAlphaMod(texture.handle, 255)
    }

    /// Copies a texture to a rectangle in pixels.
    func copy(_ texture: Texture, x: Double, y: Double, width: Double? = nil, height: Double? = nil, alpha: UInt8 = 255) {
        var rect = SDL_FRect(x: Float(x), y: Float(y), w: Float(width ?? Double(texture.width)), h: Float(height ?? Double(texture.height)))
        SDL_SetTextureAlphaMod(texture.handle, alpha)
        SDL_RenderCopyF(handle, texture.handle, nil, &rect)
        SDL_SetTextureAlphaMod(texture.handle, 255)
    }

    /// Restricts drawing to a rectangle in pixels; nil lifts the restriction.
    func setClip(x: Double, y: Double, width: Double, height: Double) {
        var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(width), h: Int32(height))
        SDL_RenderSetClipRect(handle, &rect)
    }

    /// Lifts the clip rectangle.
    func clearClip() {
        SDL_RenderSetClipRect(handle, nil)
    }

    /// Waits until the drawing commands issued so far have been carried out (reads one pixel
    /// back, which a GPU renderer cannot answer before it has drawn).
    package func finishDrawing() {
        SDL_RenderFlush(handle)
        var pixel: UInt32 = 0
        var rect = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
        SDL_RenderReadPixels(handle, &rect, SDL_PIXELFORMAT_ARGB8888.rawValue, &pixel, 4)
    }

    /// Carries out the drawing commands SDL has batched, before pixels are touched directly.
    func flush() {
        SDL_RenderFlush(handle)
    }

    /// Reads `texture`'s pixels back into a buffer this program owns.
    func pixels(of texture: Texture) throws -> PixelBuffer {
        setTarget(texture)
        defer { setTarget(nil) }
        let surface = try Surface(width: texture.width, height: texture.height)
        guard SDL_RenderReadPixels(handle, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.handle.pointee.pixels,
                                   surface.handle.pointee.pitch) == 0 else {
            throw SDLError.current("cannot read a texture's pixels")
        }
        return PixelBuffer(copying: surface)
    }

    func present() {
        SDL_RenderPresent(handle)
    }

    /// Reads what was drawn back into a new surface.
    func readPixels() throws -> Surface {
        let size = outputSize
        let surface = try Surface(width: size.width, height: size.height)
        guard SDL_RenderReadPixels(handle, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.handle.pointee.pixels,
                                   surface.handle.pointee.pitch) == 0 else {
            throw SDLError.current("cannot read the rendered pixels")
        }
        return surface
    }
}

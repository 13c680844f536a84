import CSDL
import Rasterizer

/// An SDL texture, destroyed with this object.
package final class Texture {
    let handle: OpaquePointer
    /// Kept so the renderer outlives every texture it made, as SDL requires.
    private let renderer: Renderer
    let width: Int
    let height: Int

    /// A texture that can be drawn into (a render target) of `width`×`height` pixels.
    init(targetFor renderer: Renderer, width: Int, height: Int) throws {
        guard let texture = SDL_CreateTexture(renderer.handle, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                              Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(width), Int32(height)) else {
            throw SDLError.current("cannot create a \(width)×\(height) texture")
        }
        handle = texture
        self.renderer = renderer
        self.width = width
        self.height = height
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
    }

    /// A texture whose pixels this program writes each frame (``withLockedPixels(_:)``),
    /// drawn without blending, in the renderer's ``Renderer/streamingFormat`` (32-bit pixels
    /// with red, green and blue where ARGB8888 has them).
    init(streamingFor renderer: Renderer, width: Int, height: Int) throws {
        guard let texture = SDL_CreateTexture(renderer.handle, renderer.streamingFormat,
                                              Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(width), Int32(height)) else {
            throw SDLError.current("cannot create a \(width)×\(height) streaming texture")
        }
        handle = texture
        self.renderer = renderer
        self.width = width
        self.height = height
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
    }

    /// A render target holding a copy of `pixels` (ARGB8888).
    convenience init(targetFor renderer: Renderer, copying pixels: PixelImage) throws {
        try self.init(targetFor: renderer, width: pixels.width, height: pixels.height)
        guard SDL_UpdateTexture(handle, nil, pixels.base, Int32(pixels.stride * 4)) == 0 else {
            throw SDLError.current("cannot fill a \(width)×\(height) texture")
        }
    }

    /// Lets `body` write the pixels of a streaming texture in place; false when SDL cannot lock it.
    func withLockedPixels(_ body: (PixelImage) -> Void) -> Bool {
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(handle, nil, &pixels, &pitch) == 0, let pixels else { return false }
        body(PixelImage(base: pixels.assumingMemoryBound(to: UInt32.self), width: width, height: height, stride: Int(pitch) / 4))
        SDL_UnlockTexture(handle)
        return true
    }

    /// A texture holding `surface`'s pixels.
    init(renderer: Renderer, surface: Surface) throws {
        guard let texture = SDL_CreateTextureFromSurface(renderer.handle, surface.handle) else {
            throw SDLError.current("cannot create a texture from a surface")
        }
        handle = texture
        self.renderer = renderer
        width = surface.width
        height = surface.height
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
    }

    deinit { SDL_DestroyTexture(handle) }
}

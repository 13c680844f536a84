import CSDL

/// An SDL texture, destroyed with this object.
final class Texture {
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

import CSDL

/// SDL, SDL_ttf and SDL_image, initialised for the life of this object.
final class SDLLibrary {
    /// True when the video subsystem (a window) was initialised.
    let hasVideo: Bool

    /// Initialises SDL with video (for a window) or without (offscreen rendering only).
    init(video: Bool) throws {
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        let flags: UInt32 = video ? UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS) : 0
        guard SDL_Init(flags) == 0 else { throw SDLError.current("cannot start SDL\(video ? " video" : "")") }
        guard TTF_Init() == 0 else {
            SDL_Quit()
            throw SDLError.current("cannot start SDL_ttf")
        }
        let imageFlags = Int32(IMG_INIT_PNG.rawValue)
        guard IMG_Init(imageFlags) & imageFlags == imageFlags else {
            TTF_Quit()
            SDL_Quit()
            throw SDLError.current("cannot start SDL_image")
        }
        hasVideo = video
    }

    deinit {
        IMG_Quit()
        TTF_Quit()
        SDL_Quit()
    }

    /// The name of the video driver in use, e.g. "x11".
    var videoDriver: String {
        SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
    }
}

import CSDL

/// An SDL window, destroyed with this object.
final class Window {
    let handle: OpaquePointer
    /// Kept so SDL stays initialised while the window exists.
    let library: SDLLibrary

    /// Opens a resizable, HiDPI-aware window of `width`×`height` points.
    init(library: SDLLibrary, title: String, width: Int, height: Int) throws {
        let centered = Int32(bitPattern: 0x2FFF_0000)
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let window = SDL_CreateWindow(title, centered, centered, Int32(width), Int32(height), flags) else {
            throw SDLError.current("cannot open a window")
        }
        handle = window
        self.library = library
    }

    deinit { SDL_DestroyWindow(handle) }

    /// The size in points.
    var size: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSize(handle, &width, &height)
        return (Int(width), Int(height))
    }

    /// The window's id, as SDL events name it.
    var id: UInt32 { SDL_GetWindowID(handle) }
}

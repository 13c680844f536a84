import CSDL

/// An SDL window, destroyed with this object.
package final class Window {
    let handle: OpaquePointer
    /// Kept so SDL stays initialised while the window exists.
    let library: SDLLibrary

    /// Opens a resizable, HiDPI-aware window of `width`×`height` points.
    /// - Parameter hidden: open it unmapped (for measurements that need a GPU context but no picture).
    package init(library: SDLLibrary, title: String, width: Int, height: Int, hidden: Bool = false) throws {
        let centered = Int32(bitPattern: 0x2FFF_0000)
        let visibility = hidden ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | visibility
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

    /// The refresh rate of the display the window is on, in hertz, or nil when the display
    /// does not say (Xvfb reports none).
    var refreshRate: Double? {
        var mode = SDL_DisplayMode()
        guard SDL_GetWindowDisplayMode(handle, &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return Double(mode.refresh_rate)
    }

    /// The window's id, as SDL events name it.
    var id: UInt32 { SDL_GetWindowID(handle) }
}

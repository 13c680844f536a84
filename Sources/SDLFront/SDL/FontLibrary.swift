import CSDL

/// The functions of SDL_ttf the lab uses, looked up in the library opened at run time (see
/// ``SharedLibrary`` for why it is not linked), SDL_ttf started.
///
/// The library is opened and started once, by the first font opened (``shared()``), and stays
/// started for the life of the process: fonts may be opened on any thread, and SDL_ttf's own
/// start-up count would otherwise have to be kept beside SDL's.
package struct FontLibrary: @unchecked Sendable {
    /// Debian's libsdl2-ttf-2.0-0.
    static let soname = "libSDL2_ttf-2.0.so.0"

    /// `TTF_OpenFont(file, ptsize)`: a font, or nil.
    let openFont: @convention(c) (UnsafePointer<CChar>?, Int32) -> OpaquePointer?
    /// `TTF_CloseFont(font)`.
    let closeFont: @convention(c) (OpaquePointer?) -> Void
    /// `TTF_RenderUTF8_Blended(font, text, color)`: a new ARGB surface, or nil.
    let renderUTF8Blended: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, SDL_Color) -> UnsafeMutablePointer<SDL_Surface>?
    /// `TTF_SizeUTF8(font, text, &width, &height)`: 0 on success; sizes in pixels.
    let sizeUTF8: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
    /// `TTF_FontLineSkip(font)`: the line height in pixels.
    let fontLineSkip: @convention(c) (OpaquePointer?) -> Int32

    /// Opens the library `soname`, looks up its functions and starts it (`TTF_Init`). Throws
    /// ``SharedLibraryError`` naming the library or the missing function, or ``SDLError`` when
    /// SDL_ttf does not start.
    init(soname: String) throws {
        let library = try SharedLibrary(name: soname)
        let initialize = try library.function("TTF_Init", as: (@convention(c) () -> Int32).self)
        openFont = try library.function("TTF_OpenFont")
        closeFont = try library.function("TTF_CloseFont")
        renderUTF8Blended = try library.function("TTF_RenderUTF8_Blended")
        sizeUTF8 = try library.function("TTF_SizeUTF8")
        fontLineSkip = try library.function("TTF_FontLineSkip")
        guard initialize() == 0 else { throw SDLError.current("cannot start SDL_ttf") }
    }

    /// The process's SDL_ttf: opened and started by the first call, on whichever thread.
    static func shared() throws -> FontLibrary { try loaded.get() }

    private static let loaded = Result { try FontLibrary(soname: soname) }
}

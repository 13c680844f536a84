import CSDL

/// The functions of SDL_image the lab uses (reading and writing PNG), looked up in the library
/// opened at run time (see ``SharedLibrary`` for why it is not linked), with PNG support started.
///
/// Opened by the first picture read or written (``shared()``), which a window's start-up never
/// does, and kept for the life of the process.
package struct ImageLibrary: @unchecked Sendable {
    /// Debian's libsdl2-image-2.0-0.
    static let soname = "libSDL2_image-2.0.so.0"

    /// `IMG_Load(file)`: the picture as a new surface, or nil.
    let load: @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<SDL_Surface>?
    /// `IMG_SavePNG_RW(surface, destination, freeDestination)`: 0 on success.
    let savePNG: @convention(c) (UnsafeMutablePointer<SDL_Surface>?, UnsafeMutablePointer<SDL_RWops>?, Int32) -> Int32

    /// Opens the library `soname`, looks up its functions and starts its PNG support
    /// (`IMG_Init`). Throws ``SharedLibraryError`` naming the library or the missing function, or
    /// ``SDLError`` when PNG support does not start.
    init(soname: String) throws {
        let library = try SharedLibrary(name: soname)
        let initialize = try library.function("IMG_Init", as: (@convention(c) (Int32) -> Int32).self)
        load = try library.function("IMG_Load")
        savePNG = try library.function("IMG_SavePNG_RW")
        let png = Int32(IMG_INIT_PNG.rawValue)
        guard initialize(png) & png == png else { throw SDLError.current("cannot start SDL_image") }
    }

    /// The process's SDL_image: opened and started by the first call, on whichever thread.
    static func shared() throws -> ImageLibrary { try loaded.get() }

    private static let loaded = Result { try ImageLibrary(soname: soname) }
}

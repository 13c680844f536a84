import FoundationEssentials
import Glibc

/// A shared library opened while the program runs (`dlopen`), and the C functions looked up in
/// it (`dlsym`).
///
/// SDL_ttf and SDL_image are opened this way rather than linked: linked, the loader would map
/// and relocate them and the twenty-odd libraries they need (FreeType, HarfBuzz, GLib, libtiff,
/// libwebp, libjpeg…) before `main`, about 4 ms of every launch; opened here, that happens on
/// the thread that prepares the screens while the window opens, or never when a command needs
/// neither. A library, once opened, stays open for the life of the process.
package struct SharedLibrary: @unchecked Sendable {
    /// The name it was opened by, e.g. "libSDL2_ttf-2.0.so.0".
    let name: String
    /// `dlopen`'s handle; never closed, so the functions looked up stay valid.
    private let handle: UnsafeMutableRawPointer

    /// Opens the library `name` (a soname, searched for as the loader searches, or a path).
    /// Throws ``SharedLibraryError`` with the loader's message when it cannot be opened.
    init(name: String) throws(SharedLibraryError) {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            throw SharedLibraryError(library: name, symbol: nil, message: Self.loaderMessage())
        }
        self.name = name
        self.handle = handle
    }

    /// The function `symbol` as a value of `type` (inferred when not given), which must be the
    /// `@convention(c)` type of the C declaration. Throws ``SharedLibraryError`` when the library
    /// has no such symbol.
    func function<Function>(_ symbol: String, as type: Function.Type = Function.self) throws(SharedLibraryError) -> Function {
        precondition(MemoryLayout<Function>.size == MemoryLayout<UnsafeRawPointer>.size, "\(type) is not a C function type")
        _ = dlerror()
        guard let address = dlsym(handle, symbol) else {
            throw SharedLibraryError(library: name, symbol: symbol, message: Self.loaderMessage())
        }
        return unsafeBitCast(address, to: type)
    }

    /// `dlerror()`'s message for the call that just failed.
    private static func loaderMessage() -> String {
        dlerror().map { String(cString: $0) } ?? "the loader gave no reason"
    }
}

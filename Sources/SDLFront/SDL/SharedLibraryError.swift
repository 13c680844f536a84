/// A shared library could not be opened, or lacks a function the lab needs.
package struct SharedLibraryError: Error, CustomStringConvertible, Equatable {
    /// The library's name as it was asked for, e.g. "libSDL2_ttf-2.0.so.0".
    let library: String
    /// The function that was looked up, or nil when the library itself could not be opened.
    let symbol: String?
    /// The loader's message (`dlerror()`).
    let message: String

    package var description: String {
        if let symbol { return "\(library) has no function \(symbol): \(message)" }
        return "cannot load \(library): \(message)"
    }
}

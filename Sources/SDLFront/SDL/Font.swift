import CSDL
import FoundationEssentials
import Glibc
import Plumbing
import Traces

/// A TrueType font at one size, closed with this object.
package final class Font {
    let handle: OpaquePointer
    /// SDL_ttf's functions, opened by the first font.
    private let functions: FontLibrary
    /// The size in pixels.
    let pixelSize: Int
    /// Kept so SDL stays initialised while the font makes surfaces.
    private let library: SDLLibrary

    /// Where Debian's fonts-dejavu-core puts DejaVu Sans, and its bold face.
    static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let dejaVuSansBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    /// Held while a font is opened or closed: SDL_ttf opens every font through its one FreeType
    /// library, which two threads may not use at once (drawing with fonts of their own, they may).
    private static let openingLock = Lock()

    /// Opens the font at `path` at `pixelSize` pixels.
    init(library: SDLLibrary, path: String, pixelSize: Int) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw SDLError(operation: "cannot open font \(path)", message: "the file does not exist (install fonts-dejavu-core)")
        }
        let functions = try FontLibrary.shared()
        guard let font = Self.openingLock.withLock({ functions.openFont(path, Int32(pixelSize)) }) else { throw SDLError.current("cannot open font \(path)") }
        handle = font
        self.functions = functions
        self.pixelSize = pixelSize
        self.library = library
    }

    deinit { Self.openingLock.withLock { functions.closeFont(handle) } }

    /// Renders `text` anti-aliased in `color` to a new surface (nil for empty text).
    func render(_ text: String, color: SDL_Color) throws -> Surface? {
        guard !text.isEmpty else { return nil }
        guard let surface = functions.renderUTF8Blended(handle, text, color) else { throw SDLError.current("cannot render text") }
        return Surface(owning: surface)
    }

    /// The width and height `text` takes when rendered, in pixels.
    func size(of text: String) -> (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        guard functions.sizeUTF8(handle, text, &width, &height) == 0 else { return (0, 0) }
        return (Int(width), Int(height))
    }

    /// The line height in pixels.
    var lineHeight: Int { Int(functions.fontLineSkip(handle)) }
}

import CSDL
import FoundationEssentials
import Glibc
import Output

/// An SDL surface (pixels in memory), freed with this object.
package final class Surface {
    let handle: UnsafeMutablePointer<SDL_Surface>

    /// A new 32-bit ARGB surface of `width`×`height` pixels.
    init(width: Int, height: Int) throws {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError.current("cannot create a \(width)×\(height) surface")
        }
        handle = surface
    }

    /// Takes ownership of a surface SDL made.
    init(owning surface: UnsafeMutablePointer<SDL_Surface>) {
        handle = surface
    }

    /// The picture in the PNG file at `path`, converted to 32-bit ARGB.
    init(loadingPNG path: String) throws {
        guard let loaded = try ImageLibrary.shared().load(path) else { throw SDLError.current("cannot read \(path)") }
        defer { SDL_FreeSurface(loaded) }
        guard let converted = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw SDLError.current("cannot convert \(path) to ARGB")
        }
        handle = converted
    }

    deinit { SDL_FreeSurface(handle) }

    var width: Int { Int(handle.pointee.w) }
    var height: Int { Int(handle.pointee.h) }

    /// Writes the surface as a new PNG file through ``OutputFile`` (never replacing a file or
    /// following a link unless `force`; screenshots never force).
    func savePNG(to path: String, force: Bool = false) throws {
        let functions = try ImageLibrary.shared()
        try OutputFile.write(path, force: force) { file in
            let copy = dup(file.descriptor)
            guard copy >= 0, let stream = fdopen(copy, "wb") else {
                if copy >= 0 { close(copy) }
                throw InputError(description: "\(path): cannot write: \(String(cString: strerror(errno)))")
            }
            guard let output = SDL_RWFromFP(stream, SDL_TRUE) else {
                fclose(stream)
                throw SDLError.current("cannot write \(path)")
            }
            guard functions.savePNG(handle, output, 1) == 0 else { throw SDLError.current("cannot write \(path)") }
        }
    }

    /// The raw pixel bytes, row by row (ARGB8888, native byte order).
    func pixelBytes() -> [UInt8] {
        guard let pixels = handle.pointee.pixels else { return [] }
        let pitch = Int(handle.pointee.pitch)
        let rowBytes = width * 4
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rowBytes * height)
        let base = pixels.assumingMemoryBound(to: UInt8.self)
        for row in 0..<height {
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + row * pitch, count: rowBytes))
        }
        return bytes
    }
}

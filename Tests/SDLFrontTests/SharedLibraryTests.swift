import Foundation
@testable import SDLFront
import Testing

/// SDL_ttf and SDL_image are opened at run time: a library or function that is not there is a
/// clear error naming it, and the functions found are the real ones.
@Suite("Libraries opened at run time")
struct SharedLibraryTests {
    @Test func aLibraryThatIsNotInstalledIsAnErrorNamingItWithTheLoadersReason() {
        let name = "libgesture-lab-absent-\(UUID().uuidString).so.0"
        let expected = SharedLibraryError(library: name, symbol: nil, message: "\(name): cannot open shared object file: No such file or directory")
        #expect(throws: expected) { try SharedLibrary(name: name) }
        #expect(expected.description == "cannot load \(name): \(name): cannot open shared object file: No such file or directory")
    }

    @Test func fontsAndPicturesWithoutTheirLibraryAreAnErrorNamingTheLibrary() {
        let name = "libgesture-lab-absent-\(UUID().uuidString).so.0"
        let expected = SharedLibraryError(library: name, symbol: nil, message: "\(name): cannot open shared object file: No such file or directory")
        #expect(throws: expected) { try FontLibrary(soname: name) }
        #expect(throws: expected) { try ImageLibrary(soname: name) }
    }

    @Test func aFunctionTheLibraryLacksIsAnErrorNamingTheLibraryAndTheFunction() throws {
        let library = try SharedLibrary(name: FontLibrary.soname)
        do {
            _ = try library.function("TTF_NoSuchFunction", as: (@convention(c) () -> Int32).self)
            Issue.record("a function SDL_ttf lacks was found")
        } catch {
            #expect(error.library == FontLibrary.soname)
            #expect(error.symbol == "TTF_NoSuchFunction")
            #expect(error.message.hasSuffix("libSDL2_ttf-2.0.so.0: undefined symbol: TTF_NoSuchFunction"), "\(error.message)")
            #expect(error.description == "libSDL2_ttf-2.0.so.0 has no function TTF_NoSuchFunction: \(error.message)")
        }
    }

    /// DejaVu Sans at 20 px as SDL_ttf 2.20 measures it (the figures the linked library gave).
    @Test func aFontOpenedThroughTheLoadedLibraryMeasuresText() throws {
        let font = try Font(library: try SDLLibrary(video: false), path: Font.dejaVuSans, pixelSize: 20)
        #expect(font.lineHeight == 24)
        let (width, height) = font.size(of: "Gesture Lab")
        #expect(width == 121)
        #expect(height == 24)
    }

    @Test func aPictureWrittenAsPNGReadsBackPixelForPixel() throws {
        _ = try SDLLibrary(video: false)
        let surface = try Surface(width: 3, height: 2)
        let pixels = try #require(surface.handle.pointee.pixels).assumingMemoryBound(to: UInt32.self)
        let pitch = Int(surface.handle.pointee.pitch) / 4
        let colours: [UInt32] = [0xFF_10_20_30, 0xFF_FF_00_00, 0xFF_00_FF_00, 0xFF_00_00_FF, 0xFF_FF_FF_FF, 0xFF_00_00_00]
        for (index, colour) in colours.enumerated() { pixels[(index / 3) * pitch + index % 3] = colour }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("shared-library-\(UUID().uuidString).png").path
        defer { unlink(path) }
        try surface.savePNG(to: path)
        let read = try Surface(loadingPNG: path)
        #expect(read.width == 3)
        #expect(read.height == 2)
        #expect(read.pixelBytes() == surface.pixelBytes())
    }
}

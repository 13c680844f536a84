import Engine
import Foundation
import Interaction
@testable import Rasterizer
@testable import SDLFront
import Testing
import Traces

/// Pictures made without a window. SDL's state is process-wide, so these run one at a time.
@Suite("Offscreen rendering", .serialized)
struct OffscreenRenderingTests {
    /// Where the golden pixel hashes live; `make golden` rewrites it on purpose.
    static let goldenFile = packageRoot.appendingPathComponent("Tests/SDLFrontTests/Golden/render-hashes.json")
    /// Pictures of every transition at each progress drawn by SDL's software renderer (commit
    /// 3276aa3), the looks the rasteriser must keep.
    static let referenceFolder = packageRoot.appendingPathComponent("Tests/SDLFrontTests/Golden/reference")
    /// The progresses every transition is rendered at.
    static let progresses = [0.25, 0.5, 0.75]
    /// Small frames keep the test fast; the mesh and the content are the same at any size.
    static let size = Size(width: 320, height: 200)

    @Test func theDemoContactSheetIsAPNGOfTheRightSize() throws {
        let trace = try Trace.load(path: packageRoot.appendingPathComponent("recordings/demo.json").path)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sheet-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let configuration = try trace.header.configuration.resolve()
        try ContactSheet(columns: 4, frameCount: 8, cellWidth: 200).write(trace: trace, configuration: configuration,
                                                                            records: HeadlessReplay.run(trace.events, configuration: configuration),
                                                                            title: "test", to: output, force: false)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // PNG width and height are big-endian at bytes 16…23: 4 cells of 200 + 5 gaps of 12;
        // 2 rows of (150 + 40 caption + 12 gap) + a 44 header + 12.
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 860)
        #expect(height == 460)
    }

    /// FNV-1a over the frame's pixels: any change of a pixel changes it.
    static func pixelHash(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }

    /// Every transition rendered at each progress: name@progress → the frame's pixels.
    static func renderFrames() throws -> [(key: String, pixels: [UInt8], resampled: Bool)] {
        let renderer = try FrameRenderer(size: size)
        var frames: [(key: String, pixels: [UInt8], resampled: Bool)] = []
        for transition in TransitionRegistry.all {
            for progress in progresses {
                let list = transition.displayList(progress: progress, direction: .forward, size: size)
                renderer.draw(list)
                frames.append(("\(transition.name)@\(progress)", renderer.pixelBytes(),
                               list.layers.contains { $0.opacity > 0 && !SoftwareRasterizer.isCopy($0) }))
            }
        }
        return frames
    }

    /// Every transition rendered at each progress: name@progress → pixel hash.
    static func renderHashes() throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try renderFrames().map { ($0.key, pixelHash($0.pixels)) })
    }

    /// Exact: any change to the rasteriser's output shows here, and `make golden` rewrites the
    /// hashes once the pictures have been looked at and still match their references below.
    @Test func everyTransitionRendersPixelForPixelAsTheGoldenHashesSay() throws {
        let hashes = try Self.renderHashes()
        if ProcessInfo.processInfo.environment["GESTURE_LAB_UPDATE_GOLDEN"] == "1" {
            let text = JSONWriter.compact(.object(hashes.keys.sorted().map { ($0, JSONValue.string(hashes[$0] ?? "")) }))
            try Data((text + "\n").utf8).write(to: Self.goldenFile)
            return
        }
        let golden = try TraceSchema.parseJSON(Array(Data(contentsOf: Self.goldenFile)))
        for key in hashes.keys.sorted() {
            #expect(golden[key]?.string == hashes[key], "\(key) renders differently from its golden hash (run 'make golden' if the change is meant)")
        }
        #expect(golden.members?.count == hashes.count, "the golden file lists \(golden.members?.count ?? 0) frames, the registry makes \(hashes.count)")
    }

    /// Within tolerance: every frame against the picture SDL's own renderer drew before the
    /// rasteriser replaced it (Golden/reference, never rewritten by `make golden`).
    @Test func everyTransitionMatchesItsReferencePictureWithinTheTolerance() throws {
        for frame in try Self.renderFrames() {
            let path = Self.referenceFolder.appendingPathComponent("\(frame.key).png").path
            let reference = try Surface(loadingPNG: path)
            let difference = PictureDifference(frame.pixels, reference.pixelBytes(), width: Int(Self.size.width), height: Int(Self.size.height),
                                               resampled: frame.resampled)
            #expect(difference.isWithinTolerance, "\(frame.key) differs from \(path): \(difference)")
        }
    }

    @Test func thePictureToleranceCountsAShiftedPixelAsAMatchAndAWrongOneAsAnOutlier() {
        // 3×1 pixels: the middle one moved one pixel to the right, then a wholly different colour.
        let reference: [UInt8] = [0, 0, 0, 255, 200, 100, 50, 255, 0, 0, 0, 255]
        let shifted: [UInt8] = [0, 0, 0, 255, 0, 0, 0, 255, 200, 100, 50, 255]
        #expect(PictureDifference(shifted, reference, width: 3, height: 1).outliers == 0)
        let wrong: [UInt8] = [0, 0, 0, 255, 60, 100, 50, 255, 0, 0, 0, 255]
        let difference = PictureDifference(wrong, reference, width: 3, height: 1)
        #expect(difference.outliers == 1)
        #expect(difference.exact == 2)
    }

    @Test func renderingTheSameFrameTwiceGivesTheSamePixels() throws {
        #expect(try Self.renderHashes() == (try Self.renderHashes()))
    }
}

import Foundation
import Interaction
@testable import SDLFront
import Testing

@Suite("Offscreen pictures")
struct ContactSheetTests {
    @Test func theDemoContactSheetIsAPNGOfTheRightSize() throws {
        let trace = try Trace.load(path: packageRoot.appendingPathComponent("recordings/demo.json").path)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sheet-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        try ContactSheet(columns: 4, frameCount: 8, cellWidth: 200).write(trace: trace, configuration: try trace.header.configuration.resolve(),
                                                                            title: "test", to: output)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // PNG width and height are big-endian at bytes 16…23: 4 cells of 200 + 5 gaps of 12;
        // 2 rows of (150 + 40 caption + 12 gap) + a 44 header + 12.
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 860)
        #expect(height == 460)
    }
}

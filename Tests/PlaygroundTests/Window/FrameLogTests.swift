import Foundation
@testable import Playground
import Testing

@Suite("Playground: the frame log of play --frames-out")
struct FrameLogTests {
    @Test("each presented frame is a JSON line with its start, the interval since the last start and its work")
    func framesAreLoggedAsLines() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try FrameLog(path: path)
        try log.presented(start: 1.5, workSeconds: 0.004)
        try log.presented(start: 1.5166667, workSeconds: 0.0051234567)
        try log.finish()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == """
            {"frame":1,"start":1.5,"interval":null,"work":0.004}
            {"frame":2,"start":1.516667,"interval":0.016667,"work":0.005123}

            """)
    }

    @Test("a frame log is appended to, never written through a symbolic link")
    func aLinkIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let link = folder + "/frames.jsonl"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder + "/elsewhere")
        #expect(throws: (any Error).self) { try FrameLog(path: link) }
        #expect(!FileManager.default.fileExists(atPath: folder + "/elsewhere"))
    }
}

import Foundation
@testable import Lab
@testable import Output
import Testing

/// An output appears at its path only when complete, and the temporary files of a write that
/// was killed are removed by the next write to the same path.
@Suite("Output files: complete or absent")
struct OutputFileCompletionTests {
    /// A fresh empty folder.
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    static func names(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test("while a write is under way nothing is at its path, with or without --force; only the locked temporary file is")
    func nothingAtThePathUntilComplete() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/forced.json"))
        for (name, force) in [("new.json", false), ("forced.json", true)] {
            var seenDuringWrite: [String] = []
            try OutputFile.write(folder + "/" + name, force: force) { file in
                try file.append("[\n")
                seenDuringWrite = try Self.names(folder)
                try file.append("]\n")
            }
            #expect(seenDuringWrite.filter { $0.hasPrefix(".\(name).") }.count == 1)
            #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)), as: UTF8.self) == "[\n]\n")
        }
        #expect(try Self.names(folder) == ["forced.json", "new.json"])
    }

    @Test("a file that appears at the path during a write without --force is kept, and the write is refused")
    func aFileMadeDuringTheWriteIsNotReplaced() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: InputError.self) {
            try OutputFile.write(folder + "/out.json", force: false) { file in
                try Data("theirs".utf8).write(to: URL(fileURLWithPath: folder + "/out.json"))
                try file.append("mine")
            }
        }
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder + "/out.json")), as: UTF8.self) == "theirs")
        #expect(try Self.names(folder) == ["out.json"])
    }

    @Test("the next write to a path removes the temporary files a killed write left, says so, and leaves one still held and other names alone")
    func abandonedTemporaryFilesAreRemovedByTheNextWrite() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let abandoned = folder + "/.out.json.a1B2c3"
        let held = folder + "/.out.json.d4E5f6"
        let otherTarget = folder + "/.other.json.g7H8i9"
        let notOurs = folder + "/.out.json.toolong7"
        for path in [abandoned, held, otherTarget, notOurs] { try Data("partial".utf8).write(to: URL(fileURLWithPath: path)) }
        // Another writer, still at work: it holds its temporary file locked.
        let holder = open(held, O_RDONLY | O_CLOEXEC)
        #expect(holder >= 0)
        #expect(flock(holder, LOCK_EX) == 0)
        defer { close(holder) }
        let (_, capture) = try Console.capturing { try OutputFile.write(Array("done".utf8), to: folder + "/out.json", force: false) }
        #expect(capture.error == "gesture-lab: removed \(abandoned), left by an interrupted write of out.json\n")
        #expect(try Self.names(folder) == [".other.json.g7H8i9", ".out.json.d4E5f6", ".out.json.toolong7", "out.json"])
    }

    @Test("folders of traces never list a temporary file as a trace")
    func temporaryFilesAreNotTraces() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("[".utf8).write(to: URL(fileURLWithPath: folder + "/.a.json.x1y2z3"))
        try Data("[".utf8).write(to: URL(fileURLWithPath: folder + "/.b.json"))
        try Data("[]".utf8).write(to: URL(fileURLWithPath: folder + "/c.json"))
        #expect(try TraceInputs.expand([folder]) == [folder + "/c.json"])
    }
}

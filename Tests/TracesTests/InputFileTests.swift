import Foundation
import Interaction
import Testing
import Traces

/// A FIFO, a device or a folder given as a trace or a recording is refused at once with a
/// clear error; nothing waits for a writer that never comes.
@Suite("Inputs that are not regular files")
struct InputFileTests {
    /// A fresh folder holding a FIFO named `pipe.json` (with no writer).
    static func folderWithFIFO() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder + "/pipe.json", 0o600) == 0)
        return folder
    }

    static let fifoProblem = "cannot open: is a FIFO (named pipe), not a regular file"

    @Test func aFIFOIsRefusedByTheReaderTheValidatorAndTheImporters() throws {
        let folder = try Self.folderWithFIFO()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/pipe.json"
        #expect(throws: TraceError(file: fifo, problem: Self.fifoProblem)) { try Trace.load(path: fifo) }
        #expect(TraceValidator.validate(path: fifo).map(\.description) == [Self.fifoProblem])
        let options = ImportOptions(created: "2026-01-01T00:00:00Z", program: "tests")
        #expect(throws: TraceError(file: fifo, problem: Self.fifoProblem)) {
            try EvemuImporter.importFile(path: fifo, descriptionPath: fifo, options: options)
        }
        #expect(throws: TraceError(file: fifo, problem: Self.fifoProblem)) { try LibinputRecordImporter.importFile(path: fifo, options: options) }
        #expect(throws: TraceError(file: fifo, problem: Self.fifoProblem)) { try DollarOneImporter.importFile(path: fifo, options: options) }
    }

    @Test func aDeviceAndAFolderAreRefused() throws {
        #expect(throws: TraceError(file: "/dev/null", problem: "cannot open: is a character device, not a regular file")) {
            try Trace.load(path: "/dev/null")
        }
        let folder = FileManager.default.temporaryDirectory.path
        #expect(throws: TraceError(file: folder, problem: "cannot open: is a directory, not a regular file")) { try Trace.load(path: folder) }
    }
}

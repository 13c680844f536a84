import Foundation
import Testing
@testable import Traces

/// The size limit of an imported file, checked at open where the size is known and stated in
/// the unit it is computed in (MiB). The files are sparse: their size costs no disk and no time.
@Suite("Import: the file size limit")
struct ImportSizeLimitTests {
    /// A sparse file of `size` bytes (all zero) in a new folder; remove the folder after.
    static func sparseFile(size: Int) throws -> (folder: String, path: String) {
        let folder = try ImportFixture.temporaryFolder().path
        let path = folder + "/big.txt"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        #expect(descriptor >= 0)
        #expect(ftruncate(descriptor, off_t(size)) == 0)
        close(descriptor)
        return (folder, path)
    }

    @Test("one byte past 256 MiB is refused at open, before a byte is read, by getevent and by $1")
    func onePastTheLimitIsRefusedAtOpen() throws {
        let (folder, path) = try Self.sparseFile(size: ImportSource.sizeLimit + 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected = TraceError(file: path, problem: "the file is 256.0 MiB, more than the limit of 256 MiB for a file to import; is it the right file?")
        #expect(throws: expected) { try DollarOneImporter.importFile(path: path, options: ImportFixture.options) }
        #expect(throws: expected) { try GeteventImporter.importFile(path: path, axes: .ranges(GeteventRanges(x: 0...1000, y: 0...1000)), options: ImportFixture.options) }
        var chunks = 0
        #expect(throws: expected) { try ImportSource.forEachChunk(atPath: path) { _ throws(TraceError) in chunks += 1 } }
        #expect(chunks == 0)
    }

    @Test("a sparse 4 GiB file is refused at open with its size")
    func aHugeSparseFileIsRefusedWithItsSize() throws {
        let (folder, path) = try Self.sparseFile(size: 4 << 30)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: TraceError(file: path, problem: "the file is 4096.0 MiB, more than the limit of 256 MiB for a file to import; is it the right file?")) {
            try DollarOneImporter.importFile(path: path, options: ImportFixture.options)
        }
    }

    @Test("a file of exactly 256 MiB is read: what stops it is its content (a line past 64 KiB), not its size")
    func exactlyTheLimitIsRead() throws {
        let (folder, path) = try Self.sparseFile(size: ImportSource.sizeLimit)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: TraceError(file: path, line: 1, problem: "the line is longer than 64 KiB (the limit of a line)")) {
            try ImportSource.forEachLine(atPath: path) { _, _ throws(TraceError) in }
        }
    }
}

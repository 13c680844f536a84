import Foundation
@testable import Lab
@testable import Output
@testable import Plumbing
import Testing
import Traces

/// Commands run with their output, clock and file-system root given as values.
@Suite("Command context")
struct CommandContextTests {
    /// A fresh folder holding `traces/demo.json`, `stroke.xml` (a $1 stroke) and an empty `out/`.
    static func root() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("command-context-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("traces"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: demoTrace, toPath: root.appendingPathComponent("traces/demo.json").path)
        let stroke = "<Gesture Name=\"tick\" NumPts=\"3\">\n<Point X=\"0\" Y=\"0\" T=\"100\"/>\n<Point X=\"10\" Y=\"10\" T=\"116\"/>\n<Point X=\"30\" Y=\"-10\" T=\"132\"/>\n</Gesture>\n"
        try Data(stroke.utf8).write(to: root.appendingPathComponent("stroke.xml"))
        return root
    }

    @Test func relativePathsAreReadAndWrittenUnderTheRoot() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let capture = ConsoleCapture()
        let context = CommandContext(capture: capture, root: root.path)
        #expect(lab(["trace", "transform", "traces/demo.json", "--out", "out/slow.json", "--scale-time", "2"], in: context) == .success)
        let written = try Trace.load(path: root.appendingPathComponent("out/slow.json").path)
        let original = try Trace.load(path: demoTrace)
        #expect(written.events.count == original.events.count)
        #expect(written.events.last?.timestamp == original.events.last.map { $0.timestamp * 2 })
        #expect(!FileManager.default.fileExists(atPath: "out/slow.json"))
        #expect(lab(["check", "traces", "out/slow.json"], in: context) == .success)
        #expect(capture.output.contains("PASS  \(root.path)/traces/demo.json"))
    }

    @Test func aMissingRelativePathIsNamedUnderTheRootOnTheCapturedError() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let capture = ConsoleCapture()
        #expect(lab(["trace", "info", "traces/none.json"], in: CommandContext(capture: capture, root: root.path)) == .usage)
        #expect(capture.output == "")
        #expect(capture.error.hasPrefix("gesture-lab: cannot read '\(root.path)/traces/none.json': no such file or folder\n"))
    }

    @Test func anAbsolutePathAndAValueThatIsNotAPathStayAsGiven() {
        let context = CommandContext(root: "/srv/lab")
        #expect(context.resolve("/tmp/a.json") == "/tmp/a.json")
        #expect(context.resolve("a.json") == "/srv/lab/a.json")
        #expect(CommandContext(root: "/srv/lab/").resolve("a.json") == "/srv/lab/a.json")
        #expect(CommandContext.process.resolve("a.json") == "a.json")
        // Whether a value is a path is declared, never guessed from its placeholder.
        let out = OptionSpec.path("--out", "FILE", help: "")
        let device = OptionSpec(name: "--device", valueName: "PATH", help: "")
        let spec = CommandSpec(name: "x", summary: "", arguments: "", options: [out, device], positionals: 0...0)
        let parsed = try? ParsedArguments.parse(["--out", "a.json", "--device", "event2"], spec: spec, context: context)
        #expect(parsed?.value(out) == "/srv/lab/a.json")
        #expect(parsed?.value(device) == "event2")
    }

    @Test func anImportedTraceIsDatedByTheContextsClock() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let clock = FixedWallClock(Date(timeIntervalSince1970: 1_800_000_000))
        let context = CommandContext(capture: ConsoleCapture(), clock: clock, root: root.path)
        #expect(lab(["import", "dollar1", "stroke.xml", "--out", "out/tick.json"], in: context) == .success)
        let header = try Trace.load(path: root.appendingPathComponent("out/tick.json").path).header
        #expect(header.created == "2027-01-15T08:00:00Z")
    }

    @Test func commandsRunSideBySideKeepTheirOwnOutput() async throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let captures = (0..<8).map { _ in ConsoleCapture() }
        let codes = await withTaskGroup(of: (Int, ExitCode).self) { group in
            for (index, capture) in captures.enumerated() {
                group.addTask {
                    let words = index.isMultiple(of: 2) ? ["trace", "info", "traces/demo.json"] : ["list", "policies"]
                    return (index, lab(words, in: CommandContext(capture: capture, root: root.path)))
                }
            }
            var codes: [Int: ExitCode] = [:]
            for await (index, code) in group { codes[index] = code }
            return codes
        }
        #expect(codes.values.allSatisfy { $0 == .success })
        for (index, capture) in captures.enumerated() {
            if index.isMultiple(of: 2) {
                #expect(capture.output == captures[0].output && capture.output.contains("traces/demo.json"))
            } else {
                #expect(capture.output == captures[1].output && capture.output.hasPrefix("vctransitions\n"))
            }
            #expect(capture.error == "")
        }
    }
}

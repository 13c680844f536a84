import Engine
import Foundation
@testable import GestureLabMain
import Interaction
@testable import Lab
@testable import Output
@testable import SDLFront
import Testing
import Traces

@Suite("Import command")
struct ImportCommandTests {
    /// One finger down, moving, up, on a 1600×1200-unit protocol B screen.
    static let description = "N: Test Touchscreen\nA: 2f 0 9 0 0\nA: 35 0 1600 0 0\nA: 36 0 1200 0 0\nA: 39 0 65535 0 0\n"
    static let events = """
    E: 10.000000 0003 0039 0001
    E: 10.000000 0003 0035 0200
    E: 10.000000 0003 0036 0400
    E: 10.000000 0000 0000 0000
    E: 10.016000 0003 0035 0600
    E: 10.016000 0000 0000 0000
    E: 10.032000 0003 0039 -001
    E: 10.032000 0000 0000 0000
    """
    static let stroke = "<Gesture Name=\"tick\" NumPts=\"3\">\n<Point X=\"0\" Y=\"0\" T=\"100\"/>\n<Point X=\"10\" Y=\"10\" T=\"116\"/>\n<Point X=\"30\" Y=\"-10\" T=\"132\"/>\n</Gesture>\n"

    /// A temporary folder holding `rec.event`, `rec.prop` and `stroke.xml`.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(events.utf8).write(to: folder.appendingPathComponent("rec.event"))
        try Data(description.utf8).write(to: folder.appendingPathComponent("rec.prop"))
        try Data(stroke.utf8).write(to: folder.appendingPathComponent("stroke.xml"))
        return folder
    }

    @Test func thePinchDirectionGoesIntoTheHeader() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("rec.event").path
        let output = folder.appendingPathComponent("out.json").path
        #expect(GestureLab.run(["import", "evemu", input, "--out", output, "--controller", "pinch", "--pinch", "out"]) == .success)
        let configuration = try Trace.load(path: output).header.configuration
        #expect(configuration.controllers == [.pinch])
        #expect(configuration.pinchDirection == .pinchOut)
        #expect(GestureLab.run(["import", "evemu", input, "--out", output + "2", "--pinch", "sideways"]) == .usage)
    }

    @Test func samplesLessThanAMicrosecondApartAreSaidOnStandardErrorInTheHistoryAndByValidate() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Nanosecond times (as from Android's event times); a second move 0.3 µs after the first.
        let nanoseconds = Self.events.replacingOccurrences(of: ".016000 ", with: ".016000200 ")
            .replacingOccurrences(of: "E: 10.032000 0003 0039 -001", with: "E: 10.016000500 0003 0035 0610\nE: 10.016000500 0000 0000 0000\nE: 10.032000 0003 0039 -001")
        let input = folder.appendingPathComponent("ns.event").path, output = folder.appendingPathComponent("ns.json").path
        try Data(nanoseconds.utf8).write(to: URL(fileURLWithPath: input))
        try FileManager.default.copyItem(at: folder.appendingPathComponent("rec.prop"), to: folder.appendingPathComponent("ns.prop"))
        let (code, imported) = Console.capturing { GestureLab.run(["import", "evemu", input, "--out", output]) }
        #expect(code == .success)
        let warning = "1 frame came less than 1 µs after the frame before, at a time of its own that the format's microseconds cannot keep (first at line 8): its samples share the time of the frame before"
        #expect(imported.error == "gesture-lab: \(input): warning: \(warning)\n")
        #expect(try Trace.load(path: output).header.history.first?.hasSuffix("; " + warning) == true)
        let (validated, report) = Console.capturing { GestureLab.run(["trace", "validate", output]) }
        #expect(validated == .success)
        #expect(report.output == "WARNING  \(output)\n  \(output): warning: event 1: 2 moves of pointer 1 to different places share the time 0.016 s (the clock did not run)\n")
        #expect(GestureLab.run(["trace", "validate", "--strict", output]) == .failure)
    }

    @Test func aBadCommandLineExitsWithTwo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("rec.event").path
        let output = folder.appendingPathComponent("out.json").path
        #expect(GestureLab.run(["import", "evemu", input, "--out", output, "--frobnicate"]) == .usage)
        #expect(GestureLab.run(["import", "tuio", input, "--out", output]) == .usage)
        #expect(GestureLab.run(["import", "evemu", input]) == .usage)
        #expect(GestureLab.run(["import", "evemu"]) == .usage)
        #expect(GestureLab.run(["import", "dollar1", input, "--out", output, "--prop", input]) == .usage)
        #expect(GestureLab.run(["import", "evemu", input, "--out", output, "--scale", "2"]) == .usage)
        #expect(GestureLab.run(["import", "evemu", input, "--out", output, "--size", "10x10"]) == .usage)
        #expect(GestureLab.run(["import", "evemu", input, "--out", output, "--controller", "wobble"]) == .usage)
        #expect(GestureLab.run(["import", "evemu", input, "--out", output, "--policy", "nope"]) == .usage)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aMissingInputIsAUsageErrorAndAnUnreadableOneExitsWithThree() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.json").path
        // A path on the command line that does not exist is a bad command line.
        #expect(GestureLab.run(["import", "evemu", folder.appendingPathComponent("missing.event").path, "--out", output]) == .usage)
        #expect(GestureLab.run(["import", "libinput", folder.appendingPathComponent("rec.event").path, "--out", output]) == .badInput)
        #expect(GestureLab.run(["import", "evemu", folder.appendingPathComponent("rec.event").path, "--out", output,
                                "--prop", folder.appendingPathComponent("missing.prop").path]) == .badInput)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func anEvemuRecordingImportsToANewTraceAndIsNeverOverwritten() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("traces/rec.json").path
        #expect(GestureLab.run(["import", "evemu", folder.appendingPathComponent("rec.event").path, "--out", output,
                                "--controller", "swipe", "--policy", "flutter"]) == .success)
        let trace = try Trace.load(path: output)
        #expect(trace.events.map(\.phase) == [.down, .move, .up])
        #expect(trace.events.map(\.position) == [Point(x: 100, y: 200), Point(x: 300, y: 200), Point(x: 300, y: 200)])
        #expect(trace.header.configuration.policy == .preset(.flutter))
        #expect(trace.header.clock == "kernel event time (evemu)")
        #expect(trace.header.program == "gesture-lab \(LabVersion.current)")
        let before = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(GestureLab.run(["import", "evemu", folder.appendingPathComponent("rec.event").path, "--out", output]) == .badInput)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == before)
    }

    @Test func aStrokeImportsIntoTheGivenWindowAtTheGivenScale() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("stroke.json").path
        #expect(GestureLab.run(["import", "dollar1", folder.appendingPathComponent("stroke.xml").path, "--out", output,
                                "--size", "400x300", "--scale", "2"]) == .success)
        let trace = try Trace.load(path: output)
        #expect(trace.header.windowSize == Size(width: 400, height: 300))
        #expect(trace.events.map(\.position) == [Point(x: 170, y: 150), Point(x: 190, y: 170), Point(x: 230, y: 130), Point(x: 230, y: 130)])
        #expect(trace.events.map(\.timestamp) == [0, 0.016, 0.032, 0.032])
        #expect(trace.events.map(\.phase) == [.down, .move, .move, .up])
        #expect(trace.events.allSatisfy { $0.kind == .pen && $0.pointerID == 1 })
    }

    @Test func theReadmesGeteventExampleImportsAndroidsPositions() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("pixel-swipe.json").path
        let recording = packageRoot.appendingPathComponent("recordings/getevent").path
        #expect(GestureLab.run(["import", "getevent", recording + "/pixel-tablet-swipe.getevent-lt.txt",
                                "--axes", recording + "/pixel-tablet-swipe.getevent-lp.txt", "--size", "1599x2559", "--out", output]) == .success)
        let trace = try Trace.load(path: output)
        #expect(trace.events.count == 26)
        #expect(trace.events.first?.position == Point(x: 810, y: 1650))
        #expect(trace.events.last?.position == Point(x: 271, y: 603))
        #expect(trace.header.clock == "kernel event time (getevent -t)")
    }

    @Test func geteventOptionsAreCheckedOnTheCommandLine() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("rec.event").path
        let output = folder.appendingPathComponent("out.json").path
        #expect(GestureLab.run(["import", "getevent", input, "--out", output]) == .usage)
        #expect(GestureLab.run(["import", "getevent", input, "--out", output, "--x-range", "0:100"]) == .usage)
        #expect(GestureLab.run(["import", "getevent", input, "--out", output, "--x-range", "0:100", "--y-range", "9:9"]) == .usage)
        #expect(GestureLab.run(["import", "getevent", input, "--out", output, "--axes", input, "--x-range", "0:100"]) == .usage)
        #expect(GestureLab.run(["import", "evemu", input, "--out", output, "--axes", input]) == .usage)
        #expect(GestureLab.run(["import", "evemu", input, "--out", output, "--device", "/dev/input/event2"]) == .usage)
        // An evemu file is not getevent output: named by its line.
        #expect(GestureLab.run(["import", "getevent", input, "--out", output, "--x-range", "0:1600", "--y-range", "0:1200"]) == .badInput)
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}

import Engine
import Foundation
@testable import GestureLabMain
import Interaction
@testable import Lab
@testable import Output
@testable import SDLFront
import Testing
import Traces

/// Strings from a trace reach the terminal with their control characters escaped.
@Suite("Nothing injected")
struct InjectionTests {
    static let payload = "\u{1B}]0;PWNED\u{07} \u{1B}]52;c;ZXZpbA==\u{07} \u{1B}[2J"

    /// Runs `words` with its standard output and standard error captured (this task's own,
    /// never the process's descriptors), and returns what the two received, in order.
    static func captured(_ words: [String]) -> (code: ExitCode, output: [UInt8]) {
        let (code, capture) = Console.capturing { GestureLab.run(words) }
        return (code, Array(capture.combined.utf8))
    }

    /// A trace whose notes, device name and history carry the payload, and whose policy name
    /// (quoted in the error replay gives) too when `inPolicy`.
    static func trace(inPolicy: Bool) throws -> String {
        var header = try Trace.load(path: OutputFileTests.demo).header
        header.notes = "note " + payload
        header.history = ["step " + payload]
        header.devices[0].name = "mouse " + payload + "\nFAKE LINE"
        let trace = Trace(header: header, events: [
            PointerEvent(pointerID: 0, kind: .mouse, phase: .down, position: Point(x: 10, y: 10), timestamp: 0),
            PointerEvent(pointerID: 0, kind: .mouse, phase: .up, position: Point(x: 10, y: 10), timestamp: 0.1),
        ])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inject-\(UUID().uuidString).json").path
        try TraceWriter.write(trace, to: path)
        if inPolicy {
            // A policy is typed once read, so the hostile name goes into the file's text.
            var text = try String(contentsOfFile: path, encoding: .utf8)
            let policy = "\"policy\":\"\(header.configuration.policy.canonical)\""
            var escapedPayload = ""
            JSONWriter.writeString("evil" + payload, into: &escapedPayload)
            text = text.replacingOccurrences(of: policy, with: "\"policy\":" + escapedPayload)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        return path
    }

    @Test func traceInfoEscapesNotesNamesAndHistory() throws {
        let path = try Self.trace(inPolicy: false)
        defer { unlink(path) }
        let (code, output) = Self.captured(["trace", "info", path])
        #expect(code == .success)
        #expect(!output.contains(0x1B) && !output.contains(0x07))
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.contains("notes        note \\x1B]0;PWNED\\x07 \\x1B]52;c;ZXZpbA==\\x07 \\x1B[2J\n"))
        #expect(text.contains("history      step \\x1B]0;PWNED\\x07"))
        #expect(text.contains("mouse \\x1B]0;PWNED\\x07 \\x1B]52;c;ZXZpbA==\\x07 \\x1B[2J\\x0AFAKE LINE"))
        #expect(!text.contains("\nFAKE LINE"))
    }

    @Test func namesQuotedInErrorsAreEscaped() throws {
        let path = try Self.trace(inPolicy: true)
        defer { unlink(path) }
        let (code, output) = Self.captured(["replay", path, "--headless"])
        #expect(code == .badInput)
        #expect(!output.contains(0x1B) && !output.contains(0x07))
        #expect(String(decoding: output, as: UTF8.self).contains("evil\\x1B]0;PWNED\\x07"))
    }
}

/// Commands given a FIFO, or a folder holding one named `*.json`, fail at once with exit 3.
@Suite("Inputs that are not regular files, on the command line")
struct FIFOCommandTests {
    @Test func everyReadingCommandRefusesAFIFO() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/pipe.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(GestureLab.run(["replay", fifo, "--headless"]) == .badInput)
        #expect(GestureLab.run(["check", fifo]) == .badInput)
        #expect(GestureLab.run(["check", folder]) == .badInput)
        #expect(GestureLab.run(["agree", folder]) == .badInput)
        #expect(GestureLab.run(["trace", "info", fifo]) == .badInput)
        #expect(GestureLab.run(["import", "evemu", fifo, "--prop", fifo, "--out", folder + "/out.json"]) == .badInput)
        #expect(GestureLab.run(["trace", "validate", folder]) == .badInput)
    }
}

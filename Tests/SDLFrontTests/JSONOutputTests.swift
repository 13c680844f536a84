import Foundation
@testable import GestureLabMain
@testable import Lab
@testable import Output
@testable import SDLFront
import Testing
import Traces

/// JSON output stays JSON whatever a file's name holds: controls, C1 controls, bidi controls,
/// line separators, each written as a `\u` escape that a JSON parser reads back exactly.
@Suite("JSON output")
struct JSONOutputTests {
    /// One of each class: C0, ESC, DEL, C1 (CSI), bidi override and isolate, line separator.
    static let hostile = "a\u{1}b\u{1B}[2Jc\u{7F}d\u{9B}e\u{202E}f\u{2066}g\u{2028}h"

    /// A copy of a corpus trace under a name holding every class, in a folder of its own.
    static func hostileCopy(of relativePath: String) throws -> (folder: String, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("json-output-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = (folder as NSString).appendingPathComponent(hostile + ".json")
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent(relativePath).path, toPath: path)
        return (folder, path)
    }

    /// Every line of `text` parsed as JSON (or the whole text, `whole`), or nil if one is not.
    static func parsed(_ text: String, whole: Bool = false) -> [Any]? {
        let documents = whole ? [text] : text.split(separator: "\n").map(String.init)
        var values: [Any] = []
        for document in documents {
            guard let value = try? JSONSerialization.jsonObject(with: Data(document.utf8), options: [.fragmentsAllowed]) else { return nil }
            values.append(value)
        }
        return values
    }

    @Test func replayReportsParseAndNameTheFileExactly() throws {
        let (folder, path) = try Self.hostileCopy(of: "recordings/swipe/flick-short.json")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (code, capture) = Console.capturing { GestureLab.run(["replay", path, "--headless", "--report", "json"]) }
        #expect(code == .success)
        let report = try #require(Self.parsed(capture.output, whole: true)?.first as? [String: Any])
        #expect(report["trace"] as? String == Self.hostile + ".json")
        #expect(!capture.output.contains("\u{1B}") && !capture.output.contains("\u{202E}") && !capture.output.contains("\u{9B}"))
    }

    @Test func checkAgreeAndTuneJSONParse() throws {
        let (folder, path) = try Self.hostileCopy(of: "recordings/swipe/just-past-half.json")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (checkCode, check) = Console.capturing { GestureLab.run(["check", path, "--json"]) }
        #expect(checkCode == .success)
        let lines = try #require(Self.parsed(check.output))
        #expect(lines.count == 6)
        #expect((lines.first as? [String: Any])?["trace"] as? String == path)
        let (agreeCode, agree) = Console.capturing { GestureLab.run(["agree", folder, "--json"]) }
        #expect(agreeCode == .success)
        #expect(Self.parsed(agree.output)?.count == 1)
        let (tuneCode, tune) = Console.capturing { GestureLab.run(["tune", folder, "--json"]) }
        #expect(tuneCode == .success)
        #expect(Self.parsed(tune.output)?.count == 1)
    }

    @Test func theWriterEscapesEveryClass() {
        var text = ""
        JSONWriter.writeString(Self.hostile, into: &text)
        #expect(text == #""a\u0001b\u001b[2Jc\u007fd\u009be\u202ef\u2066g\u2028h""#)
    }
}

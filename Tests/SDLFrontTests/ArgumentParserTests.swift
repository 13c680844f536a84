import Foundation
@testable import SDLFront
import Testing

@Suite("Command line")
struct ArgumentParserTests {
    let spec = CommandSpec(name: "replay", summary: "", usage: "replay TRACE", options: [
        OptionSpec(name: "--headless", valueName: nil, help: ""),
        OptionSpec(name: "--policy", valueName: "NAME", help: ""),
    ], positionals: 1...1)

    @Test func parsesFlagsValuesAndPositionals() throws {
        let parsed = try ParsedArguments.parse(["t.json", "--headless", "--policy", "flutter"], spec: spec)
        #expect(parsed.positionals == ["t.json"])
        #expect(parsed.flag("--headless"))
        #expect(parsed.value("--policy") == "flutter")
    }

    @Test func acceptsNameEqualsValue() throws {
        let parsed = try ParsedArguments.parse(["--policy=compose", "t.json"], spec: spec)
        #expect(parsed.value("--policy") == "compose")
    }

    @Test func rejectsAnUnknownOption() {
        #expect(throws: UsageError.self) { try ParsedArguments.parse(["t.json", "--speedy"], spec: spec) }
    }

    @Test func rejectsAMissingValue() {
        #expect(throws: UsageError.self) { try ParsedArguments.parse(["t.json", "--policy"], spec: spec) }
    }

    @Test func rejectsAMissingPositional() {
        #expect(throws: UsageError.self) { try ParsedArguments.parse(["--headless"], spec: spec) }
    }

    @Test func unknownCommandsAndBadFlagsExitWithTwo() {
        #expect(GestureLab.run(["frobnicate"]) == .usage)
        #expect(GestureLab.run(["list", "--nope"]) == .usage)
        #expect(GestureLab.run(["list", "colours"]) == .usage)
    }

    @Test func checkExitCodesDistinguishMismatchFromUnreadable() {
        let demo = packageRoot.appendingPathComponent("recordings/demo.json").path
        #expect(GestureLab.run(["check", demo]) == .success)
        #expect(GestureLab.run(["check", demo, "--expect", "cancelled"]) == .failure)
        #expect(GestureLab.run(["check", "/nonexistent/trace.json"]) == .usage)
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(getpid()).json").path
        FileManager.default.createFile(atPath: broken, contents: Data("not a trace".utf8))
        defer { try? FileManager.default.removeItem(atPath: broken) }
        #expect(GestureLab.run(["check", broken]) == .badInput)
    }
}

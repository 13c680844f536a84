import Foundation
@testable import GestureLabMain
import Interaction
@testable import Lab
@testable import SDLFront
import Testing

@Suite("Command line")
struct ArgumentParserTests {
    let headless = OptionSpec.flag("--headless", help: "")
    let policy = OptionSpec(name: "--policy", valueName: "NAME", help: "")
    var spec: CommandSpec { CommandSpec(name: "replay", summary: "", arguments: "TRACE", options: [headless, policy], positionals: 1...1) }

    @Test func parsesFlagsValuesAndPositionals() throws {
        let parsed = try ParsedArguments.parse(["t.json", "--headless", "--policy", "flutter"], spec: spec)
        #expect(parsed.positionals == ["t.json"])
        #expect(parsed.flag(headless))
        #expect(parsed.value(policy) == "flutter")
    }

    @Test func acceptsNameEqualsValue() throws {
        let parsed = try ParsedArguments.parse(["--policy=compose", "t.json"], spec: spec)
        #expect(parsed.value(policy) == "compose")
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
        _ = FileManager.default.createFile(atPath: broken, contents: Data("not a trace".utf8))
        defer { try? FileManager.default.removeItem(atPath: broken) }
        #expect(GestureLab.run(["check", broken]) == .badInput)
    }
}

/// Every command answers a bad command line with its usage and exit code 2.
@Suite("Bad command lines")
struct BadCommandLineTests {
    static let demo = packageRoot.appendingPathComponent("recordings/demo.json").path

    static let cases: [[String]] = [
        ["frobnicate"],
        ["trace", "frobnicate"],
        ["trace"],
        ["replay"],
        ["replay", demo, "--no-such-flag"],
        ["replay", demo, "--policy"],
        ["replay", demo, "--speed", "fast"],
        ["replay", demo, "--speed", "50"],
        ["replay", demo, "--policy", "nope", "--headless"],
        ["replay", "/no/such/trace.json", "--headless"],
        ["check"],
        ["check", demo, "--expect", "maybe"],
        ["check", demo, "--jobs", "0"],
        ["render", "--transition", "nope", "--progress", "0.5", "--out", "/tmp/x.png"],
        ["render", "--transition", "cube", "--progress", "2", "--out", "/tmp/x.png"],
        ["render", demo],
        ["plot", demo],
        ["play", "--size", "12x12"],
        ["play", "--hud", "maybe"],
        ["play", "--port", "8080"],
        ["play", "--host", "0.0.0.0"],
        ["play", "--serve", "--port", "65536"],
        ["play", "--serve", "--port", "http"],
        ["list"],
        ["list", "colours"],
        ["list", "transitions", "extra"],
        ["sweep", demo, "--policy", "vctransitions", "--param", "threshold=0.9:0.1:0.1"],
        ["sweep", demo, "--policy", "vctransitions", "--param", "speed=1:2:1"],
        ["tune", demo, "--folds", "1"],
        ["trace", "transform", demo],
        ["trace", "transform", demo, "--out", "/tmp/x.json", "--mirror", "z"],
        ["trace", "export", demo, "--format", "xml", "--out", "/tmp/x"],
        ["trace", "label", demo],
        ["trace", "synthesize", "--events", "-1", "--out", "/tmp/x.json"],
        ["import", "evemu"],
        ["bench", "--only", "everything"],
        ["bench", "--only", "rendering", "--transitions", "fold,nope"],
        ["bench", "--only", "rendering", "--sizes", "1280x800,12x5"],
        ["bench", "--only", "rendering", "--sizes", "wide"],
    ]

    @Test(arguments: cases)
    func exitsWithTwo(_ words: [String]) {
        #expect(GestureLab.run(words) == .usage, "gesture-lab \(words.joined(separator: " "))")
    }

    @Test func everyTunableHasAnOptionThatOverridesTheTrace() throws {
        let replaySpec = CommandSpec(name: "replay", summary: "", arguments: "TRACE", options: ConfigurationOptions.specs, positionals: 0...1)
        let parsed = try ParsedArguments.parse(["--edge-zone", "12", "--pan-slop", "30", "--axis-slop", "2.5", "--scale-slop", "0",
                                                "--velocity-stop", "0.1"], spec: replaySpec)
        let configuration = try ConfigurationOptions.apply(parsed, to: SessionConfiguration())
        #expect(configuration.tunables == GestureTunables(edgeZoneWidth: 12, panSlop: 30, axisSlop: 2.5, scaleSlop: 0, velocityStopTime: 0.1))
        #expect(throws: UsageError.self) { try ParsedArguments.parse(["--velocity-stop", "-3"], spec: replaySpec) }
    }
}

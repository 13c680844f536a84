import Foundation
import Interaction
@testable import Lab
@testable import Output
import Testing

/// Every option is declared once, and the parser, the usage line, `--help` and the README read
/// that declaration.
@Suite("The option table")
struct OptionTableTests {
    static let program = CommandLineProgram.withoutWindow
    static let everyCommand = program.commands + program.traceCommands
    /// The commands that play or replay gestures: each takes every configuration option.
    static let replaying = ["play", "replay", "demo", "render", "plot", "check", "agree", "sweep", "tune", "report", "trace diff", "trace export"]

    static func command(_ name: String) -> (any Command)? {
        everyCommand.first { $0.spec.name == name }
    }

    @Test("every command that replays takes every configuration option", arguments: replaying)
    func replayingCommandsTakeTheConfiguration(_ name: String) throws {
        let spec = try #require(Self.command(name)).spec
        let names = Set(spec.options.map(\.name))
        #expect(ConfigurationOptions.specs.map(\.name).filter { !names.contains($0) } == [])
    }

    @Test("no command declares an option twice, and its usage and help come from its options")
    func usageAndHelpAreMadeFromTheOptions() {
        for command in Self.everyCommand {
            let spec = command.spec
            #expect(Set(spec.options.map(\.name)).count == spec.options.count, "\(spec.name)")
            for option in spec.options {
                #expect(spec.helpText.contains("  \(option.label)  ") || spec.helpText.contains("  \(option.label) "), "\(spec.name) \(option.name)")
                #expect(spec.usage.contains(option.label) == option.required, "\(spec.name) \(option.name)")
            }
            #expect(spec.usage.hasSuffix("[options]") == spec.options.contains { !$0.required }, "\(spec.name)")
        }
    }

    /// Every option with a range is accepted at its bounds and refused one past them.
    @Test("numbers are checked against their declared range, at the bounds and one past")
    func rangesHoldAtTheBoundsAndOnePast() throws {
        var checked = 0
        for command in Self.everyCommand {
            let spec = command.spec
            let needed = Array(repeating: demoTrace, count: spec.positionals.lowerBound)
            for option in spec.options {
                let required = spec.options.filter { $0.required && $0.name != option.name }.flatMap { [$0.name, Self.acceptable($0.value)] }
                let inside: [String]
                let outside: [String]
                switch option.value {
                case .number(let range):
                    inside = ["\(range.lowerBound)", "\(range.upperBound)"]
                    outside = ["\(range.lowerBound.nextDown)", "\(range.upperBound.nextUp)", "nan"]
                case .wholeNumber(let range):
                    inside = ["\(range.lowerBound)", "\(range.upperBound)"]
                    outside = (range.lowerBound > Int.min ? ["\(range.lowerBound - 1)"] : []) + (range.upperBound < Int.max ? ["\(range.upperBound + 1)"] : []) + ["1.5"]
                case .choice(let names):
                    inside = names + names.map { $0.uppercased() }
                    outside = ["", "no-such-\(option.name.dropFirst(2))"]
                case .none, .text, .path:
                    continue
                }
                for value in inside {
                    let parsed = try ParsedArguments.parse(needed + required + [option.name, value], spec: spec)
                    #expect(parsed.value(option) != nil, "\(spec.name) \(option.name) \(value)")
                }
                for value in outside {
                    #expect(throws: UsageError.self, "\(spec.name) \(option.name) \(value)") {
                        try ParsedArguments.parse(needed + required + [option.name, value], spec: spec)
                    }
                }
                checked += 1
            }
        }
        #expect(checked >= 40)
    }

    /// A value `value` accepts.
    static func acceptable(_ value: OptionValue) -> String {
        switch value {
        case .number(let range): "\(range.lowerBound)"
        case .wholeNumber(let range): "\(range.lowerBound)"
        case .choice(let names): names.first ?? ""
        case .none, .text, .path: "v"
        }
    }

    @Test("a required option's absence is a usage error that names it")
    func requiredOptionsAreRequired() throws {
        let spec = try #require(Self.command("plot")).spec
        #expect(throws: UsageError.self) { try ParsedArguments.parse(["t.json"], spec: spec) }
        let capture = ConsoleCapture()
        #expect(lab(["plot", demoTrace], in: CommandContext(capture: capture)) == .usage)
        #expect(capture.error.hasPrefix("gesture-lab: 'plot' needs --out FILE.png\nUsage: gesture-lab plot TRACE --out FILE.png [options]\n"))
    }

    @Test("a configuration option works on check as on replay")
    func checkTakesEveryConfigurationOption() {
        let capture = ConsoleCapture()
        #expect(lab(["check", demoTrace, "--velocity", "flutter", "--axis-slop", "20", "--duration", "0.5"], in: CommandContext(capture: capture)) == .success)
        #expect(capture.output.contains("PASS  \(demoTrace)  [vctransitions]"))
        // The same trace with its swipe never recognised: a slop longer than the drag.
        let refused = ConsoleCapture()
        #expect(lab(["check", demoTrace, "--axis-slop", "400"], in: CommandContext(capture: refused)) == .failure)
        #expect(refused.output.contains("got (none)"))
    }

    /// The README's list of configuration options, made from the table.
    static var readmeBlock: String {
        let takers = everyCommand.map(\.spec).filter { spec in
            Set(ConfigurationOptions.specs.map(\.name)).isSubset(of: spec.options.map(\.name))
        }
        var lines = [
            "Configuration options, which \(takers.map { "`\($0.name)`" }.joined(separator: ", ")) take:",
            "",
            "| option | what it does |",
            "|---|---|",
        ]
        for option in ConfigurationOptions.specs {
            let escape = { (text: String) in text.replacingOccurrences(of: "|", with: "\\|") }
            lines.append("| `\(escape(option.label))` | \(escape(option.help)) |")
        }
        return lines.joined(separator: "\n")
    }

    @Test("the README lists exactly the configuration options the table declares")
    func readmeListsTheTable() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = "<!-- configuration options: made from ConfigurationOptions.specs (Tests/LabTests/OptionTableTests.swift) -->\n"
        let end = "<!-- end of configuration options -->"
        let from = try #require(readme.range(of: start), "README.md has no configuration options block")
        let to = try #require(readme.range(of: end, range: from.upperBound..<readme.endIndex))
        let block = String(readme[from.upperBound..<to.lowerBound])
        #expect(block == Self.readmeBlock + "\n", "README.md's configuration options should read:\n\(Self.readmeBlock)\nEND")
    }
}

import FoundationEssentials
import Glibc
import Interaction

/// One option a command accepts.
package struct OptionSpec: Sendable {
    /// The long name, with its dashes (`--policy`).
    package let name: String
    /// The value's placeholder (`NAME`), or nil for a flag that takes no value.
    package let valueName: String?
    /// One line of help.
    package let help: String
    /// True when the option may be given several times.
    package var repeatable = false
    /// True when the value names a file or folder the command reads or writes, resolved against
    /// the context's root (``CommandContext/resolve(_:)``).
    package var takesPath: Bool

    /// The placeholders of values that are paths, unless an option says otherwise.
    static let pathValueNames: Set<String> = ["FILE", "FILE.png", "FILE.html", "TRACE.json", "RULES.json", "OUT.png", "DIR", "PATH"]

    /// An option called `name` (`--out`), taking a value named `valueName` (nil: a flag);
    /// `takesPath` (by default: a placeholder such as `FILE` or `DIR`) when the value is a path.
    package init(name: String, valueName: String?, help: String, repeatable: Bool = false, takesPath: Bool? = nil) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.repeatable = repeatable
        self.takesPath = takesPath ?? valueName.map(Self.pathValueNames.contains) ?? false
    }
}

/// What a command accepts and how it is described in `--help`.
package struct CommandSpec: Sendable {
    /// The command's name as typed (`replay`, `trace info`).
    package let name: String
    /// One line: what it does.
    package let summary: String
    /// The synopsis after the program name, e.g. `replay TRACE [options]`.
    package let usage: String
    /// Its options (besides `--help`).
    package let options: [OptionSpec]
    /// How many positional arguments it takes.
    package let positionals: ClosedRange<Int>
    /// The positional arguments from this index on name files or folders to read; the parser
    /// resolves them against the context's root and checks they can be read, so a wrong path is
    /// a usage error (nil: none are paths).
    package var inputPathsFrom: Int?
    /// Longer help: examples, notes.
    package var details: String = ""

    /// A command's description.
    package init(name: String, summary: String, usage: String, options: [OptionSpec], positionals: ClosedRange<Int>,
                 inputPathsFrom: Int? = nil, details: String = "") {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.options = options
        self.positionals = positionals
        self.inputPathsFrom = inputPathsFrom
        self.details = details
    }

    /// The full help text.
    package var helpText: String {
        var text = "gesture-lab \(name): \(summary)\n\nUsage: gesture-lab \(usage)\n"
        let rows: [(label: String, help: String)] = options.map { option in
            (option.valueName.map { "\(option.name) \($0)" } ?? option.name, option.help)
        } + [("--help", "Show this help.")]
        let width = (rows.map { $0.label.count }.max() ?? 0) + 2
        text += "\nOptions:\n"
        for (label, help) in rows {
            text += "  " + label + String(repeating: " ", count: width - label.count) + help + "\n"
        }
        if !details.isEmpty { text += "\n" + details + "\n" }
        return text
    }
}

/// A command line that does not fit its command.
package struct UsageError: Error {
    /// What is wrong.
    package let message: String
    /// The command whose usage to print, if known.
    package let command: CommandSpec?

    /// A usage error saying `message`, with `command`'s usage after it.
    package init(message: String, command: CommandSpec? = nil) {
        self.message = message
        self.command = command
    }
}

/// The parsed words of one command line.
package struct ParsedArguments {
    /// Positional arguments in order.
    package var positionals: [String] = []
    /// Option values by name (the last one when given several times).
    private(set) var values: [String: [String]] = [:]
    /// True when `--help` was given.
    package var wantsHelp = false

    /// No words: no positionals, no options.
    package init() {}

    /// The value of an option, if given.
    package func value(_ name: String) -> String? { values[name]?.last }
    /// Every value of a repeatable option.
    package func allValues(_ name: String) -> [String] { values[name] ?? [] }
    /// True when a flag was given.
    package func flag(_ name: String) -> Bool { values[name] != nil }

    package mutating func add(_ name: String, _ value: String) { values[name, default: []].append(value) }

    /// Parses `words` (after the command's name) against `spec`, paths resolved against
    /// `context`'s root. Accepts `--name value` and `--name=value`; `--` ends the options.
    package static func parse(_ words: [String], spec: CommandSpec, context: CommandContext = .process) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                parsed.positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word == "--help" || word == "-h" {
                parsed.wantsHelp = true
                continue
            }
            var name = word
            var inlineValue: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw UsageError(message: "unknown option '\(name)' for '\(spec.name)'\(NameSuggestion.hint(for: name, in: spec.options.map(\.name) + ["--help"]))", command: spec)
            }
            if let valueName = option.valueName {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < words.count else {
                        throw UsageError(message: "option '\(name)' needs a value (\(valueName))", command: spec)
                    }
                    value = words[index]
                    index += 1
                }
                if !option.repeatable && parsed.values[name] != nil {
                    throw UsageError(message: "option '\(name)' is given more than once", command: spec)
                }
                parsed.add(name, option.takesPath ? context.resolve(value) : value)
            } else {
                if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value", command: spec) }
                parsed.add(name, "")
            }
        }
        if parsed.wantsHelp { return parsed }
        if parsed.positionals.count < spec.positionals.lowerBound {
            throw UsageError(message: "'\(spec.name)' needs \(spec.positionals.lowerBound == 1 ? "an argument" : "\(spec.positionals.lowerBound) arguments"): \(spec.usage)", command: spec)
        }
        if parsed.positionals.count > spec.positionals.upperBound {
            let extra = parsed.positionals[spec.positionals.upperBound]
            throw UsageError(message: "unexpected argument '\(extra)' for '\(spec.name)'", command: spec)
        }
        if let first = spec.inputPathsFrom {
            for index in parsed.positionals.indices.dropFirst(first) { parsed.positionals[index] = context.resolve(parsed.positionals[index]) }
            for path in parsed.positionals.dropFirst(first) {
                guard FileManager.default.fileExists(atPath: path) else {
                    throw UsageError(message: "cannot read '\(path)': no such file or folder", command: spec)
                }
                guard FileManager.default.isReadableFile(atPath: path) else {
                    throw UsageError(message: "cannot read '\(path)': permission denied", command: spec)
                }
            }
        }
        return parsed
    }
}

/// Typed readings of option values, each throwing a usage error that names the option.
extension ParsedArguments {
    package func double(_ name: String, in range: ClosedRange<Double>, spec: CommandSpec) throws(UsageError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw UsageError(message: "option '\(name)' needs a number in \(range.lowerBound)…\(range.upperBound), got '\(text)'", command: spec)
        }
        return number
    }

    package func integer(_ name: String, in range: ClosedRange<Int>, spec: CommandSpec) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(message: "option '\(name)' needs a whole number in \(range.lowerBound)…\(range.upperBound), got '\(text)'", command: spec)
        }
        return number
    }

    /// A size written `WIDTHxHEIGHT` in points.
    package func size(_ name: String, spec: CommandSpec) throws(UsageError) -> (width: Int, height: Int)? {
        guard let text = value(name) else { return nil }
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (64...8192).contains(width), (64...8192).contains(height) else {
            throw UsageError(message: "option '\(name)' needs WIDTHxHEIGHT with each side in 64…8192, got '\(text)'", command: spec)
        }
        return (width, height)
    }

    /// One of `choices`, matched case-insensitively.
    package func choice(_ name: String, _ choices: [String], spec: CommandSpec) throws(UsageError) -> String? {
        guard let text = value(name) else { return nil }
        guard let choice = choices.first(where: { $0.lowercased() == text.lowercased() }) else {
            throw UsageError(message: "option '\(name)' must be one of \(choices.joined(separator: ", ")), got '\(text)'\(NameSuggestion.hint(for: text, in: choices))", command: spec)
        }
        return choice
    }

    /// The case of `Choice` the option `name` names (case-insensitively), nil when absent.
    package func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, spec: CommandSpec) throws(UsageError) -> Choice?
    where Choice.RawValue == String {
        guard let text = try choice(name, Choice.allCases.map(\.rawValue), spec: spec) else { return nil }
        return Choice(rawValue: text)
    }

    /// The cases of `Choice` the option `name` lists, separated by commas (`finished,cancelled`),
    /// nil when absent; an empty list or an unknown name is a usage error.
    package func choiceList<Choice: RawRepresentable & CaseIterable>(_ name: String, spec: CommandSpec) throws(UsageError) -> [Choice]?
    where Choice.RawValue == String {
        guard let text = value(name) else { return nil }
        return try Self.choiceList(text, option: name, spec: spec)
    }

    /// `text`, a comma-separated list of `Choice` names, parsed for the option `option`.
    package static func choiceList<Choice: RawRepresentable & CaseIterable>(_ text: String, option: String, spec: CommandSpec) throws(UsageError) -> [Choice]
    where Choice.RawValue == String {
        let choices = text.split(separator: ",").map { Choice(rawValue: $0.lowercased()) }
        guard !choices.isEmpty, choices.allSatisfy({ $0 != nil }) else {
            let names = Choice.allCases.map(\.rawValue)
            throw UsageError(message: "option '\(option)' takes \(names.joined(separator: "/")) separated by commas, got '\(TerminalText.escaped(text))'", command: spec)
        }
        return choices.compactMap { $0 }
    }
}

extension OptionSpec {
    /// `--force`: the one way to let a command replace an existing output file.
    package static let force = OptionSpec(name: "--force", valueName: nil,
                                  help: "Replace an existing output file (atomically; a symbolic link there is replaced, not followed).")
}

import FoundationEssentials
import Glibc
import Interaction
import Plumbing

/// The parsed words of one command line, read through the options that declared them.
package struct ParsedArguments {
    /// The command the words were parsed for.
    package let spec: CommandSpec
    /// Positional arguments in order.
    package var positionals: [String] = []
    /// Option values by name, in the order given, each already checked against its option.
    private var values: [String: [String]] = [:]
    /// True when `--help` was given.
    package var wantsHelp = false

    /// No words, for `spec`.
    package init(spec: CommandSpec) {
        self.spec = spec
    }

    /// The value of `option` (the last when given several times), if given.
    package func value(_ option: OptionSpec) -> String? { values[option.name]?.last }
    /// Every value of a repeatable `option`, in order.
    package func allValues(_ option: OptionSpec) -> [String] { values[option.name] ?? [] }
    /// True when the flag (or any option) was given.
    package func flag(_ option: OptionSpec) -> Bool { values[option.name] != nil }
    /// The number `option` (a ``OptionValue/number(_:)``) was given, checked against its range.
    package func number(_ option: OptionSpec) -> Double? { value(option).flatMap(Double.init) }
    /// The whole number `option` (a ``OptionValue/wholeNumber(_:)``) was given, checked.
    package func wholeNumber(_ option: OptionSpec) -> Int? { value(option).flatMap { Int($0) } }
    /// The case of `Choice` that `option` (a ``OptionValue/choice(_:)`` of its names) names.
    package func choice<Choice: RawRepresentable>(_ option: OptionSpec) -> Choice? where Choice.RawValue == String {
        value(option).flatMap(Choice.init(rawValue:))
    }

    /// The value of `option`, which the command needs here (the parser already refuses a command
    /// line without an option declared ``OptionSpec/required``); a usage error when absent.
    package func required(_ option: OptionSpec) throws(UsageError) -> String {
        guard let value = value(option) else { throw UsageError(message: "'\(spec.name)' needs \(option.label)", command: spec) }
        return value
    }

    /// Parses `words` (after the command's name) against `spec`, paths resolved against
    /// `context`'s root. Accepts `--name value` and `--name=value`; `--` ends the options.
    package static func parse(_ words: [String], spec: CommandSpec, context: CommandContext = .process) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(spec: spec)
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
            guard let option = spec.option(named: name) else {
                throw UsageError(message: "unknown option '\(TerminalText.escaped(name))' for '\(spec.name)'\(NameSuggestion.hint(for: name, in: spec.options.map(\.name) + ["--help"]))", command: spec)
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
                parsed.values[name, default: []].append(try option.value.checked(value, option: name, spec: spec, context: context))
            } else {
                if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value", command: spec) }
                parsed.values[name, default: []].append("")
            }
        }
        if parsed.wantsHelp { return parsed }
        if parsed.positionals.count < spec.positionals.lowerBound {
            throw UsageError(message: "'\(spec.name)' needs \(spec.positionals.lowerBound == 1 ? "an argument" : "\(spec.positionals.lowerBound) arguments"): \(spec.usage)", command: spec)
        }
        if parsed.positionals.count > spec.positionals.upperBound {
            let extra = parsed.positionals[spec.positionals.upperBound]
            throw UsageError(message: "unexpected argument '\(TerminalText.escaped(extra))' for '\(spec.name)'", command: spec)
        }
        if let missing = spec.options.first(where: { $0.required && parsed.values[$0.name] == nil }) {
            throw UsageError(message: "'\(spec.name)' needs \(missing.label)", command: spec)
        }
        if let first = spec.inputPathsFrom {
            for index in parsed.positionals.indices.dropFirst(first) { parsed.positionals[index] = context.resolve(parsed.positionals[index]) }
            for path in parsed.positionals.dropFirst(first) {
                guard FileManager.default.fileExists(atPath: path) else {
                    throw UsageError(message: "cannot read '\(TerminalText.escaped(path))': no such file or folder", command: spec)
                }
                guard FileManager.default.isReadableFile(atPath: path) else {
                    throw UsageError(message: "cannot read '\(TerminalText.escaped(path))': permission denied", command: spec)
                }
            }
        }
        return parsed
    }
}

/// Readings of option values the parser cannot check alone, each throwing a usage error that
/// names the option.
extension ParsedArguments {
    /// A size written `WIDTHxHEIGHT` in points.
    package func size(_ option: OptionSpec) throws(UsageError) -> (width: Int, height: Int)? {
        guard let text = value(option) else { return nil }
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (64...8192).contains(width), (64...8192).contains(height) else {
            throw UsageError(message: "option '\(option.name)' needs WIDTHxHEIGHT with each side in 64…8192, got '\(TerminalText.escaped(text))'", command: spec)
        }
        return (width, height)
    }

    /// The cases of `Choice` that `option` lists, separated by commas (`finished,cancelled`),
    /// nil when absent; an empty list or an unknown name is a usage error.
    package func choiceList<Choice: RawRepresentable & CaseIterable>(_ option: OptionSpec) throws(UsageError) -> [Choice]?
    where Choice.RawValue == String {
        guard let text = value(option) else { return nil }
        return try Self.choiceList(text, option: option.name, spec: spec)
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

import Interaction
import Plumbing

/// What an option takes after its name: it decides how the parser reads the value, checks it
/// and resolves it, so a command reads values already known to be good.
package enum OptionValue: Sendable, Equatable {
    /// Nothing: the option is a flag.
    case none
    /// Text the command reads itself (a policy spec, a list, a range).
    case text
    /// A file or folder the command reads or writes, resolved against the context's root.
    case path
    /// A number in the range.
    case number(ClosedRange<Double>)
    /// A whole number in the range.
    case wholeNumber(ClosedRange<Int>)
    /// One of the names, matched case-insensitively and read back as the name is spelled here.
    case choice([String])

    /// The names of a string enumeration's cases, as `.choice` takes them.
    package static func choice<Choice: RawRepresentable & CaseIterable>(of _: Choice.Type) -> OptionValue where Choice.RawValue == String {
        .choice(Choice.allCases.map(\.rawValue))
    }

    /// `text` checked against this kind of value for the option `name`; the value to store (a
    /// choice as spelled here), or a usage error naming the option.
    func checked(_ text: String, option name: String, spec: CommandSpec, context: CommandContext) throws(UsageError) -> String {
        switch self {
        case .none, .text:
            return text
        case .path:
            return context.resolve(text)
        case .number(let range):
            guard let number = Double(text), number.isFinite, range.contains(number) else {
                throw UsageError(message: "option '\(name)' needs a number in \(range.lowerBound)…\(range.upperBound), got '\(TerminalText.escaped(text))'", command: spec)
            }
            return text
        case .wholeNumber(let range):
            guard let number = Int(text), range.contains(number) else {
                throw UsageError(message: "option '\(name)' needs a whole number in \(range.lowerBound)…\(range.upperBound), got '\(TerminalText.escaped(text))'", command: spec)
            }
            return text
        case .choice(let names):
            guard let choice = names.first(where: { $0.lowercased() == text.lowercased() }) else {
                throw UsageError(message: "option '\(name)' must be one of \(names.joined(separator: ", ")), got '\(TerminalText.escaped(text))'\(NameSuggestion.hint(for: text, in: names))", command: spec)
            }
            return choice
        }
    }
}

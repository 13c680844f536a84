/// One option a command accepts, declared once: the parser, the usage line, `--help` and the
/// README's lists all read it, and a command looks its value up by this declaration.
package struct OptionSpec: Sendable {
    /// The long name, with its dashes (`--policy`).
    package let name: String
    /// The value's placeholder in usage and help (`NAME`), or nil for a flag.
    package let valueName: String?
    /// One line of help.
    package let help: String
    /// What the value is: how it is checked, and whether it is a path to resolve.
    package let value: OptionValue
    /// True when the option may be given several times.
    package var repeatable = false
    /// True when the command cannot run without it; the usage line shows it unbracketed.
    package var required = false

    /// An option called `name` (`--out`) whose value, named `valueName` in usage and help, is
    /// `value` (a flag when `valueName` is nil; free text unless told otherwise).
    package init(name: String, valueName: String?, help: String, value: OptionValue? = nil, repeatable: Bool = false, required: Bool = false) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.value = valueName == nil ? .none : value ?? .text
        self.repeatable = repeatable
        self.required = required
    }

    /// A flag called `name`.
    package static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help)
    }

    /// An option whose value is a file or folder, named `valueName`.
    package static func path(_ name: String, _ valueName: String, help: String, required: Bool = false) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help, value: .path, required: required)
    }

    /// An option whose value is one of `Choice`'s cases; its placeholder lists them.
    package static func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, of type: Choice.Type, help: String) -> OptionSpec
    where Choice.RawValue == String {
        OptionSpec(name: name, valueName: Choice.allCases.map(\.rawValue).joined(separator: "|"), help: help, value: .choice(of: type))
    }

    /// This option, required.
    package var mandatory: OptionSpec {
        var copy = self
        copy.required = true
        return copy
    }

    /// The option as usage and help write it: `--out FILE`, or `--force`.
    var label: String {
        valueName.map { "\(name) \($0)" } ?? name
    }

    /// `--force`: the one way to let a command replace an existing output file.
    package static let force = OptionSpec.flag("--force", help: "Replace an existing output file (atomically; a symbolic link there is replaced, not followed).")
}

/// What a command accepts and how it is described in `--help`: its usage line is made from its
/// options, so the two cannot drift apart.
package struct CommandSpec: Sendable {
    /// The command's name as typed (`replay`, `trace info`).
    package let name: String
    /// One line: what it does.
    package let summary: String
    /// Its positional arguments as the usage line writes them (`PATH...`, `[TRACE]`).
    package let arguments: String
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
    package init(name: String, summary: String, arguments: String, options: [OptionSpec], positionals: ClosedRange<Int>,
                 inputPathsFrom: Int? = nil, details: String = "") {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.options = options
        self.positionals = positionals
        self.inputPathsFrom = inputPathsFrom
        self.details = details
    }

    /// The synopsis after the program's name: the command, its arguments, its required options
    /// and `[options]` when it has others (`check PATH... [options]`).
    package var usage: String {
        let required = options.filter(\.required).map(\.label)
        let optional = options.contains { !$0.required } ? ["[options]"] : []
        return ([name, arguments] + required + optional).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The full help text.
    package var helpText: String {
        var text = "gesture-lab \(name): \(summary)\n\nUsage: gesture-lab \(usage)\n"
        let rows: [(label: String, help: String)] = options.map { ($0.label, $0.help) } + [("--help", "Show this help.")]
        let width = (rows.map { $0.label.count }.max() ?? 0) + 2
        text += "\nOptions:\n"
        for (label, help) in rows {
            text += "  " + label + String(repeating: " ", count: width - label.count) + help + "\n"
        }
        if !details.isEmpty { text += "\n" + details + "\n" }
        return text
    }

    /// The option called `name`, if this command has it.
    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }
}

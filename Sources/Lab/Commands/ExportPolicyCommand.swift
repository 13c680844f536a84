import Interaction
import Output
import PolicyExport

/// `gesture-lab export-policy SPEC --for PLATFORM`: the rule as platform code.
package struct ExportPolicyCommand: Command {
    /// The command.
    package init() {}

    package let spec = CommandSpec(
        name: "export-policy",
        summary: "Print a release rule as a short snippet for UIKit, SwiftUI, Compose, Flutter, Android or the web, converting units.",
        usage: "export-policy SPEC --for uikit|swiftui|compose|flutter|android|web [--policy-file FILE] [--out FILE]",
        options: [
            .force,
            OptionSpec(name: "--for", valueName: "PLATFORM", help: "uikit, swiftui, compose, flutter, android or web (a JavaScript function)."),
            OptionSpec(name: "--policy-file", valueName: "FILE", help: "A JSON file of named rules SPEC may name."),
            OptionSpec(name: "--out", valueName: "FILE", help: "Write the snippet to a new file instead of standard output."),
        ],
        positionals: 1...1,
        details: """
        The snippet decides exactly as the lab: `shouldFinish` is the rule, the rest feeds it the platform's
        progress and release velocity. Points, dp and logical pixels are taken as equal; the header says
        which conversion it uses.
        Example:
          gesture-lab export-policy 'fling:velocity=300pt/s,position=0.4' --for flutter
        """)

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let names = PolicyExporter.Platform.allCases.map(\.rawValue)
        guard let name = try arguments.choice("--for", names, spec: spec), let platform = PolicyExporter.Platform(rawValue: name) else {
            throw UsageError(message: "'export-policy' needs --for \(names.joined(separator: "|"))", command: spec)
        }
        let policy = try ConfigurationOptions.policy(arguments.positionals[0], rules: ConfigurationOptions.rules(arguments), option: "SPEC", spec: spec)
        let text = PolicyExporter(spec: policy).snippet(for: platform)
        if let output = arguments.value("--out") {
            try OutputFile.write(Array(text.utf8), to: output, force: arguments.flag("--force"))
            Console.out("wrote \(output)")
        } else {
            Console.write(text)
        }
        return .success
    }
}

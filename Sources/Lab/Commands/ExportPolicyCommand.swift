import Interaction
import Output
import PolicyExport

/// `gesture-lab export-policy SPEC --for PLATFORM`: the rule as platform code.
package struct ExportPolicyCommand: Command {
    /// The command.
    package init() {}

    /// Its options.
    private enum Option {
        static let platform = OptionSpec(name: "--for", valueName: "PLATFORM", help: "uikit, swiftui, compose, flutter, android or web (a JavaScript function).",
                                         value: .choice(of: PolicyExporter.Platform.self), required: true)
        /// `--policy-file`, read by ``ConfigurationOptions/rules(_:)``: its help says what it is for here.
        static let policyFile = OptionSpec.path("--policy-file", "FILE", help: "A JSON file of named rules SPEC may name.")
        static let out = OptionSpec.path("--out", "FILE", help: "Write the snippet to a new file instead of standard output.")
    }

    package let spec = CommandSpec(
        name: "export-policy",
        summary: "Print a release rule as a short snippet for UIKit, SwiftUI, Compose, Flutter, Android or the web, converting units.",
        arguments: "SPEC",
        options: [.force, Option.platform, Option.policyFile, Option.out],
        positionals: 1...1,
        details: """
        The snippet decides exactly as the lab: `shouldFinish` is the rule, the rest feeds it the platform's
        progress and release velocity. Points, dp and logical pixels are taken as equal; the header says
        which conversion it uses.
        Example:
          gesture-lab export-policy 'fling:velocity=300pt/s,position=0.4' --for flutter
        """)

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        guard let platform: PolicyExporter.Platform = arguments.choice(Option.platform) else {
            throw UsageError(message: "'export-policy' needs \(Option.platform.label)", command: spec)
        }
        let policy = try ConfigurationOptions.policy(arguments.positionals[0], rules: ConfigurationOptions.rules(arguments), option: "SPEC", spec: spec)
        let text = PolicyExporter(spec: policy).snippet(for: platform)
        if let output = arguments.value(Option.out) {
            try OutputFile.write(Array(text.utf8), to: output, force: arguments.flag(.force))
            Console.out("wrote \(output)")
        } else {
            Console.write(text)
        }
        return .success
    }
}

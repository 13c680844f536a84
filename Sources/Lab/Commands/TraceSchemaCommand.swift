import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Plumbing
import Traces

/// `gesture-lab trace schema`.
package struct TraceSchemaCommand: Command {
    /// The command.
    package init() {}

    package let spec = CommandSpec(name: "trace schema", summary: "Print the JSON Schema of the trace format.", arguments: "",
                           options: [], positionals: 0...0)

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        Console.out(TraceSchema.text)
        return .success
    }
}

import FoundationEssentials
import Glibc
import Output
import Playground

/// `gesture-lab` with no command: the playground window when there is a display; otherwise
/// one line saying so, then the headless demo. What `make run` runs.
struct StartCommand: Command {
    /// Where the window opens and pictures are drawn.
    let platform: any Platform

    let spec = CommandSpec(
        name: "start",
        summary: "Open the playground window, or without a display replay the demo headless.",
        arguments: "",
        options: [],
        positionals: 0...0)

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        if DisplayEnvironment.hasDisplay {
            return try PlayCommand(platform: platform).run(ParsedArguments(spec: PlayCommand(platform: platform).spec), in: context)
        }
        Console.out("No display (neither DISPLAY nor WAYLAND_DISPLAY is set): replaying the demo recording headless instead.")
        return try DemoCommand(platform: platform).run(ParsedArguments(spec: DemoCommand(platform: platform).spec), in: context)
    }
}

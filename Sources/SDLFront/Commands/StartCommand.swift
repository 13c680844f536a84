import FoundationEssentials
import Glibc
import Lab

/// `gesture-lab` with no command: the playground window when there is a display; otherwise
/// one line saying so, then the headless demo. What `make run` runs.
struct StartCommand: Command {
    let spec = CommandSpec(
        name: "start",
        summary: "Open the playground window, or without a display replay the demo headless.",
        usage: "[start]",
        options: [],
        positionals: 0...0)

    /// True when the environment names an X11 or Wayland display.
    static var hasDisplay: Bool {
        let environment = ProcessInfo.processInfo.environment
        return !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        if Self.hasDisplay {
            return try PlayCommand().run(ParsedArguments(), in: context)
        }
        Console.out("No display (neither DISPLAY nor WAYLAND_DISPLAY is set): replaying the demo recording headless instead.")
        return try DemoCommand().run(ParsedArguments(), in: context)
    }
}

import Foundation
@testable import Lab
@testable import Output

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The demo trace.
let demoTrace = packageRoot.appendingPathComponent("recordings/demo.json").path

/// Runs a command line of the commands without a window, as `gesture-lab` would, in `context`.
func lab(_ words: [String], in context: CommandContext = .process) -> ExitCode { CommandLineProgram.withoutWindow.run(words, in: context) }

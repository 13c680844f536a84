import Foundation
@testable import Lab

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The demo trace.
let demoTrace = packageRoot.appendingPathComponent("recordings/demo.json").path

/// Runs a command line of the commands without a window, as `gesture-lab` would.
func lab(_ words: [String]) -> ExitCode { CommandLineProgram.withoutWindow.run(words) }

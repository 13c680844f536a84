import Foundation
import PackagePlugin

/// Builds the capture page's HTML, CSS and JavaScript (`Sources/Lab/CapturePage/Page`),
/// files a browser, a linter and a diff can read, into the gesture-lab binary as
/// `CapturePageFiles`: one binary, nothing to install beside it.
@main
struct EmbedCapturePage: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL.appending(path: "CapturePage/Page")
        let inputs = ["capture.html", "capture.css", "measure.js", "capture.js"].map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "CapturePageFiles.swift")
        return [.buildCommand(displayName: "Embedding the capture page", executable: try context.tool(named: "EmbedFiles").url,
                              arguments: [output.path, "CapturePageFiles"] + inputs.map(\.path), inputFiles: inputs, outputFiles: [output])]
    }
}

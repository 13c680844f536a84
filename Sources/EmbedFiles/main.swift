// Writes a Swift file that holds text files as string constants, so a page's HTML, CSS and
// JavaScript can live in files of their own and still be inside the one gesture-lab binary.
// Run by the EmbedCapturePage build plugin: EmbedFiles OUTPUT.swift ENUM INPUT...
// Each INPUT becomes `static let NAME` (capture.html: captureHTML), its text exactly.
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 3, let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: EmbedFiles OUTPUT.swift ENUM INPUT...\n".utf8))
    exit(2)
}
let enumName = arguments.dropFirst().first ?? "EmbeddedFiles"
var source = "// Made by the EmbedCapturePage build plugin from the files named below; edit those, not this.\n"
source += "/// Text files built into the binary, each exactly as written.\nenum \(enumName) {\n"
for path in arguments.dropFirst(2) {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        FileHandle.standardError.write(Data("EmbedFiles: cannot read \(path) as UTF-8 text\n".utf8))
        exit(1)
    }
    let file = (path as NSString).lastPathComponent
    let stem = (file as NSString).deletingPathExtension
    let suffix = (file as NSString).pathExtension.uppercased()
    let name = stem.split(separator: "-").enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined() + suffix
    // A raw string with one more # than any run after a quote or a backslash in the text, so
    // nothing in it ends the literal or interpolates.
    var longest = 0
    var run = -1
    for character in text {
        if character == "#", run >= 0 { run += 1; longest = max(longest, run) } else { run = character == "\"" || character == "\\" ? 0 : -1 }
    }
    let hashes = String(repeating: "#", count: longest + 1)
    source += "    /// \(file), \(data.count) bytes.\n    static let \(name) = \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)\n"
}
source += "}\n"
do { try source.write(toFile: output, atomically: true, encoding: .utf8) } catch {
    FileHandle.standardError.write(Data("EmbedFiles: cannot write \(output): \(error)\n".utf8))
    exit(1)
}

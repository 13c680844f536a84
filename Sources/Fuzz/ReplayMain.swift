import FoundationEssentials
import Glibc
import Interaction

/// The program's `main` in a normal (non-fuzzer) build: runs each file named on the command
/// line through the selected target and prints the outcome, so a reproducer from
/// `fuzz/crashes/` can be replayed in a debugger or a plain build.
///
/// Why this name: SwiftPM builds an executable module's entry point as `<module>_main` and has
/// the linker define `main` as that symbol, except under `--sanitize fuzzer`, where libFuzzer
/// brings its own `main` and this function is simply unused. Defining the symbol by hand keeps
/// both builds linking without a compilation condition (SwiftPM sets none for sanitizers)
/// and without a `main.swift`, whose top-level code would clash with libFuzzer's `main`.
@_cdecl("Fuzz_main")
public func replayMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    guard let target = selectedTarget else {
        FuzzTarget.printUsage()
        return 2
    }
    let paths = CommandLine.arguments.dropFirst()
    guard !paths.isEmpty else {
        FuzzTarget.printError("usage: \(FuzzTarget.environmentVariable)=\(target.rawValue) Fuzz FILE...")
        return 2
    }
    var failures: CInt = 0
    for path in paths {
        guard let contents = FileManager.default.contents(atPath: path) else {
            FuzzTarget.printError("\(path): cannot read")
            failures += 1
            continue
        }
        print("\(path): \(target.run(Array(contents)) ?? "accepted")")
    }
    return failures == 0 ? 0 : 1
}

import FoundationEssentials
import Glibc
import Traces

// The libFuzzer entry points. `swift build --sanitize fuzzer` links libFuzzer, whose `main`
// calls these; a normal build uses the `main` in ReplayMain.swift instead.

/// The target named by the environment, read once per process.
let selectedTarget = FuzzTarget.fromEnvironment()

/// Called once by libFuzzer before any input: stops at once, with a usage message, when the
/// environment names no target, rather than reporting every input as a crash.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>?,
                             _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    if selectedTarget == nil {
        FuzzTarget.printUsage()
        exit(2)
    }
    return 0
}

/// Called by libFuzzer for every input: runs it through the selected target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let selectedTarget else { return 0 }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget.run(bytes)
    return 0
}

extension FuzzTarget {
    /// The target named by ``environmentVariable``, or nil when it is unset or unknown.
    static func fromEnvironment() -> FuzzTarget? {
        ProcessInfo.processInfo.environment[environmentVariable].flatMap(FuzzTarget.init(rawValue:))
    }

    /// Explains on standard error how to choose a target.
    static func printUsage() {
        let names = allCases.map(\.rawValue).joined(separator: "|")
        printError("set \(environmentVariable)=\(names) to choose what to fuzz")
    }

    /// Writes `text` and a newline to standard error.
    static func printError(_ text: String) {
        _ = DescriptorOutput.writeAll(Array((text + "\n").utf8), to: STDERR_FILENO)
    }
}

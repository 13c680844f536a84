@testable import Lab
@testable import Playground
@testable import Plumbing
@testable import SDLFront
import Testing

/// The bench's children run in the environment the program was launched with, changed only
/// as asked: the window the bench opens in its own process names an empty compose table
/// (XCOMPOSEFILE), and the bare window launched after it must not inherit that.
@Suite("Child processes")
struct ChildProcessTests {
    @Test("a child gets the launch environment with the changes asked for, a nil value removing the variable")
    func aChildGetsTheLaunchEnvironmentWithTheChanges() throws {
        let outcome = try ChildProcess.run("/usr/bin/env", [], changes: ["GESTURE_LAB_CHILD_TEST": "1", "PATH": nil])
        let lines = outcome.output.split(separator: "\n").map(String.init)
        #expect(outcome.status == 0)
        #expect(lines.contains("GESTURE_LAB_CHILD_TEST=1"))
        #expect(!lines.contains { $0.hasPrefix("PATH=") })
        // Any variable of the launch environment other than the one removed comes through as it was.
        let kept = try #require(ProgramStart.environment.first { $0.key != "PATH" && !$0.value.contains("\n") })
        #expect(lines.contains("\(kept.key)=\(kept.value)"))
    }
}

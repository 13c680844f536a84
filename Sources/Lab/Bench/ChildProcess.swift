import FoundationEssentials
import Glibc
import Output
import Plumbing
import Traces

/// Runs another program and reports what the kernel measured of it: exit status, wall time
/// and peak resident memory (from `wait4`'s resource usage), with its standard output.
package struct ChildProcess {
    /// How a run ended.
    package struct Outcome {
        /// The exit status (or 128 + signal).
        let status: Int32
        /// Seconds from spawn to exit.
        let wallSeconds: Double
        /// Peak resident set size in kibibytes.
        let peakMemoryKiB: Int
        /// What it wrote on standard output.
        package let output: String
    }

    /// Runs `executable` with `arguments` (standard error discarded) and waits for it, in the
    /// environment this program was launched with, changed by `changes` (a nil value removes
    /// the variable).
    package static func run(_ executable: String, _ arguments: [String], changes: [String: String?] = [:]) throws -> Outcome {
        let outputPath = PathName.appending("gesture-lab-child-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out", to: FileManager.default.temporaryDirectory.path)
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment = ProgramStart.environment
        for (name, value) in changes { environment[name] = value }
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { variables.forEach { free($0) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, variables)
        guard spawned == 0 else { throw InputError(description: "cannot run \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = Measurement.seconds(clock.now - start)
        let exited = status & 0x7F == 0
        let code = exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return Outcome(status: code, wallSeconds: wall, peakMemoryKiB: Int(usage.ru_maxrss), output: output)
    }

    /// The path of the running program, for running it again.
    package static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

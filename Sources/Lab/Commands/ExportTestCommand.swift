import Interaction
import Output
import Plumbing
import Traces

/// `gesture-lab export-test TRACE|FOLDER... --for PLATFORM --out FILE`: the traces as a test of
/// the platform's own framework that replays each gesture with its recorded times and positions
/// and asserts what the lab decided (see ``TestExporter``).
package struct ExportTestCommand: Command {
    /// The command.
    package init() {}

    /// Its options besides the policy's.
    private enum Option {
        static let platform = OptionSpec(name: "--for", valueName: "PLATFORM",
                                         help: "flutter (testWidgets, TestGesture), android (instrumentation test, MotionEvent), web (Playwright for Python, DevTools touches) or uikit (XCUITest).",
                                         value: .choice(of: TestPlatform.self), required: true)
        static let out = OptionSpec.path("--out", "FILE", help: "The test to write; it must not exist unless --force.", required: true)
        static let velocityTolerance = OptionSpec(name: "--velocity-tolerance", valueName: "PT/S",
                                                  help: "Release velocities within this many points (dp, logical or CSS px) per second of the lab's pass (default 50), or within --velocity-tolerance-percent.",
                                                  value: .number(0...100_000))
        static let velocityTolerancePercent = OptionSpec(name: "--velocity-tolerance-percent", valueName: "N",
                                                         help: "… or within N % of the lab's velocity, whichever allows more (default 10).", value: .number(0...1000))
    }

    package let spec = CommandSpec(
        name: "export-test",
        summary: "Write recorded gestures as a Flutter, Android, web (Playwright) or UIKit (XCUITest) test asserting what the lab decided.",
        arguments: "TRACE|FOLDER...",
        options: [Option.platform, Option.out, .force, Option.velocityTolerance, Option.velocityTolerancePercent] + ConfigurationOptions.policySpecs,
        positionals: 1...Int.max,
        inputPathsFrom: 0,
        details: """
        Each trace becomes one test: its gestures are replayed one after another, each with its recorded times
        and positions (points taken as logical pixels, dp and CSS pixels), and after each the app's hook says
        what the app decided for each release; the test asserts the lab's decision (finish or cancel) and its
        release velocity within the tolerance, as the lab replays the events the platform delivers, under
        --policy (default: each trace's own). The test's header states the units, the timing it reproduces
        and cannot, the tolerance and the hook to write (your widget, activity, page or app).
        A trace the platform cannot express (a web touch outside the window, a browser cancelling one finger
        of several, more than 16 Android pointers, anything but a one-finger drag or a two-finger pinch in
        XCTest) is refused with its file and event; nothing is written.
        Exit codes: 0 written, 2 bad usage, 3 a trace that cannot be read or expressed, or --out already there.
        Examples:
          gesture-lab export-test recordings/swipe --for flutter --out /tmp/gesture_lab_test.dart
          gesture-lab export-test recordings/pinch/pinch-in-fast.json --for web --policy flutter --out /tmp/test_gesture_lab.py
        """)

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        guard let platform: TestPlatform = arguments.choice(Option.platform) else {
            throw UsageError(message: "'export-test' needs \(Option.platform.label)", command: spec)
        }
        let output = try arguments.required(Option.out)
        let policy = try ConfigurationOptions.policy(arguments)
        var tolerance = VelocityTolerance.standard
        if let absolute = arguments.number(Option.velocityTolerance) { tolerance.absolute = absolute }
        if let percent = arguments.number(Option.velocityTolerancePercent) { tolerance.relative = percent / 100 }
        let paths = try TraceInputs.expand(arguments.positionals)
        let exporter = TestExporter(platform: platform, policy: policy, tolerance: tolerance)
        var traces: [ExportedTrace] = []
        var problems: [TraceError] = []
        var events = 0
        for path in paths {
            do {
                let trace = try exporter.export(path: path, name: path, eventsSoFar: events)
                events += trace.gestures.reduce(0) { $0 + $1.events.count }
                traces.append(trace)
            } catch let error as TestExporter.Inexpressible {
                problems += error.problems
            }
        }
        if !problems.isEmpty {
            for problem in problems { Console.error("\(Escaped.text(problem.description, limit: 400)) (not expressible in a \(platform.rawValue) test)") }
            Console.error("nothing written: \(problems.count) problem(s) in \(Set(problems.map(\.file)).count) trace(s); export the others on their own")
            return .badInput
        }
        var command = ["export-test"] + arguments.positionals + [Option.platform.name, platform.rawValue]
        if let policy { command += [ConfigurationOptions.policyOption.name, policy.canonical] }
        if tolerance != .standard {
            command += [Option.velocityTolerance.name, DecimalFormat.string(tolerance.absolute, decimals: 6),
                        Option.velocityTolerancePercent.name, DecimalFormat.string(tolerance.relative * 100, decimals: 6)]
        }
        let header = TestFileHeader(platform: platform, command: command, policy: policy, traces: traces, tolerance: tolerance)
        let text = TestWriters.text(header)
        try OutputFile.write(Array(text.utf8), to: output, force: arguments.flag(.force))
        for trace in traces {
            for change in trace.changes { Console.error("\(Escaped.text(trace.name)): \(change)") }
        }
        let releases = traces.reduce(0) { $0 + $1.gestures.reduce(0) { $0 + $1.releases.count } }
        Console.out("wrote \(output): \(platform.rawValue) test of \(traces.count) trace(s), \(traces.reduce(0) { $0 + $1.gestures.count }) gesture(s), \(releases) release(s) asserted")
        return .success
    }
}

/// The writer of each platform.
enum TestWriters {
    /// The whole test for `header`'s platform and traces.
    static func text(_ header: TestFileHeader) -> String {
        switch header.platform {
        case .web: return PlaywrightTestWriter(header: header).text
        case .flutter: return FlutterTestWriter(header: header).text
        case .android: return AndroidTestWriter(header: header).text
        case .uikit: return XCUITestWriter(header: header).text
        }
    }
}

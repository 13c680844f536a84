import CapturePage
import FoundationEssentials
import Glibc
import Interaction
import Output
import Traces

/// `gesture-lab capture-page --out capture.html`: writes the capture page, which records gestures
/// in any browser and saves them as traces (see ``CapturePage``).
package struct CapturePageCommand: Command {
    /// The command.
    package init() {}

    /// `--out FILE.html`.
    private static let out = OptionSpec.path("--out", "FILE.html", help: "The page to write; it must not exist unless --force.", required: true)

    package let spec = CommandSpec(
        name: "capture-page",
        summary: "Write a self-contained HTML page that records gestures in a browser (phone, tablet, desktop) as labelled traces.",
        arguments: "",
        options: [
            out,
            .study,
            .force,
        ] + ConfigurationOptions.policySpecs,
        positionals: 0...0,
        details: """
        Open the page in a browser (copy it to a phone, or serve it): swipe or pinch on it, say after each
        release whether you meant to finish or cancel, then Save (a download on a desktop, the share sheet
        on a phone). It records Pointer Events for touch, pen and mouse with every coalesced sample and the
        predicted ones apart, their own timeStamps, pressure and contact size, the viewport in CSS pixels
        (points) and devicePixelRatio, and shows the progress live under the rule of --policy (default
        vctransitions), written from the same spec as 'export-policy --for web'.
        With --study the page runs the plan instead: a consent line, a random participant code (no name,
        nothing personal kept), then each task's prompt in turn, in the participant's row of a balanced Latin
        square; after each gesture the person confirms the task's intent (Finish, Cancel, or Discard to try
        again), and each trace's header says the participant, task, trial, row, device and viewport.
        Examples:
          gesture-lab capture-page --out /tmp/capture.html --policy 'fling:velocity=300pt/s,position=0.4'
          gesture-lab capture-page --out /tmp/study.html --study studies/back-gesture.json
        """)

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let output = try arguments.required(Self.out)
        let policy = try ConfigurationOptions.policy(arguments) ?? SessionConfiguration().policy
        let study = try StudyPlan.option(arguments)
        let page = CapturePage(policy: policy, program: "gesture-lab \(LabVersion.current) capture page", study: study)
        try OutputFile.write(Array(page.html.utf8), to: output, force: arguments.flag(.force))
        if let study {
            Console.out("wrote \(output): study '\(study.id)' (\(study.tasks.count) tasks, \(study.steps) gestures a participant, \(study.rows.count) orders), rule \(policy.canonical); open it on the phone that takes part")
        } else {
            Console.out("wrote \(output): capture page, rule \(policy.canonical); open it in a browser, swipe or pinch, label, Save")
        }
        return .success
    }
}

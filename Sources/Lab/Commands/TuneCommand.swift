import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Traces

/// `gesture-lab tune PATH… [--folds K] [--out FILE]`: chooses a rule among the presets and the
/// families, with an honest estimate of how well the choice does on gestures it never saw.
package struct TuneCommand: Command {
    /// The command.
    package init() {}

    /// Its options besides the configuration's.
    private enum Option {
        static let folds = OptionSpec(name: "--folds", valueName: "K", help: "Cross-validation folds, outer and inner (default 5), dealt by group.",
                                      value: .wholeNumber(2...100))
        static let out = OptionSpec.path("--out", "RULES.json", help: "Also write the rule to ship to a new policy file (for --policy-file).")
        static let name = OptionSpec(name: "--name", valueName: "NAME", help: "The rule's name in that file (default tuned).")
        static let json = OptionSpec.flag("--json", help: "JSON instead of text.")
    }

    package let spec = CommandSpec(
        name: "tune",
        summary: "Choose a release rule among the presets and the fitted families by nested cross-validation over groups, and print it as a policy spec.",
        arguments: "PATH...",
        options: ConfigurationOptions.policySpecs + [Option.folds, Option.out, .force, Option.name, Option.json] + LabelledCorpus.replaySpecs,
        positionals: 1...Int.max,
        inputPathsFrom: 0,
        details: """
        The models: every preset (nothing fitted) and --policy's rule, and four families fitted on a grid:
        position (threshold 0.05…0.95 by 0.05), velocity-position (position as above × finishing velocity
        100…2000 pt/s by 50 × cancelling velocity −1000…0 by 50), fling (velocity 50…2000 pt/s by 50 ×
        position), projection (deceleration 0.99, 0.995, 0.998, 0.999 × threshold × back-velocity 0…1000 by
        100). A grid tie goes to the point nearest the family's first rule (or --policy's, when of that family).
        The procedure: on a set of releases, score each model by K-fold cross-validation (a family is fitted on
        the other folds, a preset just judged), keep the best (ties: fewer fitted numbers, then presets first),
        fit it on the whole set. The held-out figure runs that whole procedure on each outer training set and
        judges the held-out fold by its choice (nested cross-validation), so it is an honest estimate of the
        procedure; the rule to ship is the procedure run on every release. Presets are judged on the same
        folds. Folds keep a group together: a trace's study participant, else its header's "group", else its
        folder; with fewer than 2 groups there is no held-out figure.
        Example:
          gesture-lab tune recordings/ --folds 5 --out /tmp/rules.json
        """)

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let folds = arguments.wholeNumber(Option.folds) ?? 5
        let name = (arguments.value(Option.name) ?? "tuned").lowercased()
        let output = arguments.value(Option.out)
        if output != nil {
            // Checked before the work, so a bad name fails fast.
            do { _ = try PolicyFile.parse(Array(PolicyFile.text([NamedPolicy(name: name, spec: .preset(.vcTransitions))]).utf8), file: "--name") } catch {
                throw UsageError(message: "option '--name': \(error.description)", command: spec)
            }
        }
        // --policy adds a candidate; each trace is still replayed under its own policy.
        let given = try ConfigurationOptions.policy(arguments)
        let overrides = try LabelledCorpus.replayOverrides(arguments)
        let tuner = ThresholdTuner(folds: folds, extra: given.map { [$0] } ?? [], references: given.map { [$0.rule] } ?? [])
        let corpus = try LabelledCorpus.load(arguments.positionals, overrides: overrides)
        let releases = corpus.releases
        let result = tuner.nestedCrossValidation(releases)
        let summary = TuningSummary(tuner: tuner, releases: releases, result: result)
        if let output {
            try OutputFile.write(Array(PolicyFile.text([NamedPolicy(name: name, spec: summary.shippedSpec)]).utf8), to: output, force: arguments.flag(.force))
        }
        if arguments.flag(Option.json) {
            Console.json(JSONWriter.compact(summary.json))
            return .success
        }
        Console.out("\(releases.count) labelled releases from \(corpus.traces - corpus.unlabelled) traces in \(ReleaseGroups.summary(releases))")
        for line in summary.lines { Console.out(line) }
        if let output { Console.out("wrote \(output) (rule '\(name)': use --policy-file \(output) --policy \(name))") }
        return .success
    }
}

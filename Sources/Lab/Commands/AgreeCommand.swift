import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Traces

/// `gesture-lab agree PATH…`: how well each policy's decisions match what people meant.
package struct AgreeCommand: Command {
    /// The command.
    package init() {}

    /// Its options besides the configuration's.
    private enum Option {
        static let json = OptionSpec.flag("--json", help: "JSON instead of text.")
    }

    package let spec = CommandSpec(
        name: "agree",
        summary: "Compare each policy's decisions with the traces' intent labels: confusion matrices and agreement rates.",
        arguments: "PATH...",
        options: ConfigurationOptions.policySpecs + [Option.json] + LabelledCorpus.replaySpecs,
        positionals: 1...Int.max,
        inputPathsFrom: 0,
        details: "Without --policy: every preset.\nExample:\n  gesture-lab agree recordings/")

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let policies = try LabelledCorpus.policies(arguments)
        let corpus = try LabelledCorpus.load(arguments.positionals, overrides: LabelledCorpus.replayOverrides(arguments))
        let matrices = policies.map { LabelledReleases.matrix(corpus.releases, rule: $0.rule) }
        let columns = LabelledCorpus.policyColumns(policies, releases: corpus.releases)
        if arguments.flag(Option.json) {
            Console.json(JSONWriter.compact(.object(zip(policies, matrices).map { ($0.canonical, $1.json) }
                + [("by_provenance", LabelledCorpus.provenanceJSON(corpus.releases, columns: columns)),
                   ("groups", .number(Double(ReleaseGroups.keys(corpus.releases).count))),
                   ("grouped", .string(ReleaseGroups.summary(corpus.releases))),
                   ("by_group", LabelledCorpus.json(corpus.releases, split: .group(corpus.releases), columns: columns))])))
            return .success
        }
        Console.out("\(corpus.releases.count) labelled releases from \(corpus.traces - corpus.unlabelled) traces in \(ReleaseGroups.summary(corpus.releases))"
            + " (\(corpus.unlabelled) without intent labels skipped)")
        Console.out("")
        let blocks = zip(policies, matrices).map { $1.lines(title: $0.canonical) }
        for start in stride(from: 0, to: blocks.count, by: 3) {
            for line in LabelledCorpus.sideBySide(Array(blocks[start..<min(start + 3, blocks.count)])) { Console.out(line) }
            Console.out("")
        }
        for line in LabelledCorpus.provenanceLines(corpus.releases, columns: columns) { Console.out(line) }
        Console.out("")
        for line in LabelledCorpus.lines(corpus.releases, split: .group(corpus.releases), columns: columns) { Console.out(line) }
        return .success
    }
}

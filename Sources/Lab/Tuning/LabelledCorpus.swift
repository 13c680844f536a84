import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Plumbing
import Traces

/// Loads the labelled releases of every trace under some paths, with a progress bar.
package enum LabelledCorpus {
    /// Every trace's releases paired with its intent labels; traces without intent labels
    /// are skipped (and counted).
    package static func load(_ paths: [String], overrides: ConfigurationOverrides = ConfigurationOverrides()) throws -> (releases: [LabelledRelease], traces: Int, unlabelled: Int) {
        let files = try TraceInputs.expand(paths)
        let bar = ProgressBar(total: files.count, label: "replaying")
        var releases: [LabelledRelease] = []
        var unlabelled = 0
        for path in files {
            // Streamed: a trace without labels is skipped after its header, one with them is
            // replayed in bounded memory.
            let reader: TraceReader
            do { reader = try TraceReader(path: path) } catch { throw InputError(description: error.description) }
            do {
                let labelled = try LabelledReleases.collect(reader, overrides: overrides)
                if labelled.isEmpty { unlabelled += 1 }
                releases += labelled
            } catch {
                switch error {
                case .configuration(let problem): throw InputError(description: "\(path): the trace's configuration: \(problem.description)")
                case .trace(let problem): throw InputError(description: problem.description)
                }
            }
            if reader.wasCutShort { TraceLoading.warnCutShort(path, eventCount: reader.eventCount) }
            bar.advance()
        }
        guard !releases.isEmpty else { throw InputError(description: "no trace under \(paths.joined(separator: " ")) has intent labels") }
        return (releases, files.count, unlabelled)
    }

    /// Text blocks printed next to each other, with two spaces between columns.
    package static func sideBySide(_ blocks: [[String]]) -> [String] {
        let widths = blocks.map { ($0.map(\.count).max() ?? 0) + 3 }
        let height = blocks.map(\.count).max() ?? 0
        return (0..<height).map { row in
            String(blocks.enumerated().map { index, block in
                let line = row < block.count ? block[row] : ""
                return line + String(repeating: " ", count: max(0, widths[index] - line.count))
            }.joined().trimmingSpacesAndTabs())
        }
    }

    /// A column of the provenance and group tables: its title and its decision for the release
    /// at an index of the corpus's releases.
    package typealias ProvenanceColumn = (title: String, decision: (Int) -> ReleaseDecision.Verdict)

    /// A way to split releases: what each is filed under, and the order of the parts.
    package struct Split {
        /// The table's heading.
        let heading: String
        /// What a release is filed under.
        let key: (LabelledRelease) -> String
        /// The parts in order.
        let parts: [String]

        /// By provenance, in ``LabelledReleases/provenances(_:)`` order: robot and synthetic
        /// intent is a plan's, not a person's, and must not be read as one.
        package static func provenance(_ releases: [LabelledRelease]) -> Split {
            Split(heading: "agreement by provenance, releases in brackets (a robot's or a model's intent is its plan's, not a person's):",
                  key: \.provenance, parts: LabelledReleases.provenances(releases))
        }

        /// By group (participant, else header group, else folder), in order of the groups' keys.
        package static func group(_ releases: [LabelledRelease]) -> Split {
            let title = ReleaseGroups.title(releases)
            return Split(heading: "agreement by \(title), releases in brackets:", key: \.groupKey, parts: ReleaseGroups.keys(releases))
        }

        /// By study task, in name order (releases without one under "no task").
        package static func task(_ releases: [LabelledRelease]) -> Split {
            Split(heading: "agreement by task, releases in brackets:", key: { $0.task ?? "no task" },
                  parts: Array(Set(releases.map { $0.task ?? "no task" })).sorted())
        }

        /// A part's name as shown: a group's name without its basis.
        static func shown(_ part: String) -> String {
            guard let colon = part.firstIndex(of: ":"), ReleaseGroups.Basis(rawValue: String(part[..<colon])) != nil else { return part }
            return String(part[part.index(after: colon)...])
        }
    }

    /// Each column's confusion matrix on each part's releases, in the split's order.
    package static func matrices(_ releases: [LabelledRelease], split: Split, columns: [ProvenanceColumn]) -> [(part: String, matrices: [ConfusionMatrix])] {
        var indicesOf: [String: [Int]] = [:]
        for index in releases.indices { indicesOf[split.key(releases[index]), default: []].append(index) }
        return split.parts.map { part in
            let indices = indicesOf[part] ?? []
            return (Split.shown(part), columns.map { column in
                var matrix = ConfusionMatrix()
                for index in indices { matrix.add(intent: releases[index].intent, decision: column.decision(index)) }
                return matrix
            })
        }
    }

    /// Each column's confusion matrix on each provenance's releases.
    package static func provenanceMatrices(_ releases: [LabelledRelease], columns: [ProvenanceColumn]) -> [(provenance: String, matrices: [ConfusionMatrix])] {
        matrices(releases, split: .provenance(releases), columns: columns).map { ($0.part, $0.matrices) }
    }

    /// A split as text, a row per column (policy) and a column per part.
    package static func lines(_ releases: [LabelledRelease], split: Split, columns: [ProvenanceColumn]) -> [String] {
        let groups = matrices(releases, split: split, columns: columns)
        let titles = groups.map { "\($0.part) (\($0.matrices.first?.total ?? 0))" }
        let firstWidth = (columns.map(\.title.count).max() ?? 0) + 2
        let widths = titles.map { max($0.count, 14) + 2 }
        func row(_ first: String, _ cells: [String]) -> String {
            var line = "  " + first.padded(toLength: firstWidth)
            for (cell, width) in zip(cells, widths) { line += cell.padded(toLength: width) }
            while line.last == " " { line.removeLast() }
            return line
        }
        var lines = [split.heading, row("", titles.map { Escaped.text($0, limit: 200) })]
        for (index, column) in columns.enumerated() {
            lines.append(row(column.title, groups.map { ReportWriter.shortAgreement($0.matrices[index]) }))
        }
        return lines
    }

    /// The provenance table as text.
    package static func provenanceLines(_ releases: [LabelledRelease], columns: [ProvenanceColumn]) -> [String] {
        lines(releases, split: .provenance(releases), columns: columns)
    }

    /// A split as JSON: part → column title → matrix.
    package static func json(_ releases: [LabelledRelease], split: Split, columns: [ProvenanceColumn]) -> JSONValue {
        .object(matrices(releases, split: split, columns: columns).map { entry in
            (entry.part, .object(zip(columns, entry.matrices).map { ($0.title, $1.json) }))
        })
    }

    /// The provenance table as JSON: provenance → column title → matrix.
    package static func provenanceJSON(_ releases: [LabelledRelease], columns: [ProvenanceColumn]) -> JSONValue {
        json(releases, split: .provenance(releases), columns: columns)
    }

    /// A column for each of `policies`.
    package static func policyColumns(_ policies: [PolicySpec], releases: [LabelledRelease]) -> [ProvenanceColumn] {
        policies.map { policy in (policy.canonical, { releases[$0].decision(under: policy.rule) }) }
    }

    /// The policy `--policy` gives, or every preset.
    package static func policies(_ arguments: ParsedArguments) throws -> [PolicySpec] {
        guard let policy = try ConfigurationOptions.policy(arguments) else { return PolicySpec.presets }
        return [policy]
    }

    /// The configuration options besides `--policy` and `--policy-file`: how each trace is
    /// replayed, for the commands whose `--policy` means something else (a policy to judge, to
    /// sweep or to add to the candidates).
    package static let replaySpecs: [OptionSpec] = ConfigurationOptions.specs.filter { option in
        !ConfigurationOptions.policySpecs.contains { $0.name == option.name }
    }

    /// The overrides the configuration options in `arguments` make to each trace replayed,
    /// without `--policy`: these commands read it themselves, and each trace is replayed under
    /// its own policy.
    package static func replayOverrides(_ arguments: ParsedArguments) throws -> ConfigurationOverrides {
        var overrides = try ConfigurationOptions.overrides(arguments)
        overrides.policy = nil
        return overrides
    }
}

/// What labelled releases are grouped by: cross-validation keeps a group's releases on one side
/// of every split, so no release is judged by a rule fitted to its own group. A study's
/// participant comes first (a person's habits are what must not leak), then the header's `group`
/// (the takes of one gesture), then the trace's folder.
public enum ReleaseGroups {
    /// What a release's group is.
    public enum Basis: String, CaseIterable, Hashable, Sendable {
        /// The study's participant code (header `study.participant`).
        case participant
        /// The header's `group`.
        case group
        /// The folder the trace is in.
        case folder
    }

    /// The group of a trace whose header is `header`, at `path`, and what it is.
    public static func group(of header: TraceHeader, path: String) -> (name: String, basis: Basis) {
        if let participant = header.study?.participant { return (participant, .participant) }
        if let group = header.group { return (group, .group) }
        return (folder(of: path), .folder)
    }

    /// The folder part of a path ("." for a bare file name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    /// The groups of `releases`, each once, in order of their keys (basis, then name).
    public static func keys(_ releases: [LabelledRelease]) -> [String] {
        Array(Set(releases.map(\.groupKey))).sorted()
    }

    /// How many groups `releases` fall into, and by what: "3 groups by participant", "6 groups
    /// by folder", "7 groups (3 by participant, 4 by folder)".
    public static func summary(_ releases: [LabelledRelease]) -> String {
        var counts: [Basis: Set<String>] = [:]
        for release in releases { counts[release.groupBasis, default: []].insert(release.group) }
        let parts = Basis.allCases.compactMap { basis in counts[basis].map { (basis, $0.count) } }
        let total = parts.reduce(0) { $0 + $1.1 }
        let noun = total == 1 ? "group" : "groups"
        if parts.count == 1, let (basis, _) = parts.first { return "\(total) \(noun) by \(basis.rawValue)" }
        return "\(total) \(noun) (" + parts.map { "\($0.1) by \($0.0.rawValue)" }.joined(separator: ", ") + ")"
    }

    /// The title of a table with a column per group: "participant" when every release has one.
    public static func title(_ releases: [LabelledRelease]) -> String {
        let bases = Set(releases.map(\.groupBasis))
        return bases.count == 1 ? (bases.first ?? .group).rawValue : "group"
    }
}

extension LabelledRelease {
    /// The group's identity: its basis and name, so that a participant and a folder of the same
    /// name stay apart.
    public var groupKey: String { "\(groupBasis.rawValue):\(group)" }
}

/// "Did you mean …?" for a mistyped name: the closest valid name by edit distance, when it is
/// close enough to be a plausible typo.
public enum NameSuggestion {
    /// The name among `candidates` nearest to `typed` (case-insensitive), if at most a third of
    /// its letters (and at least two) would have to change; ties go to the earlier candidate.
    public static func nearest(to typed: String, in candidates: [String]) -> String? {
        let lowered = Array(typed.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if let current = best, distance >= current.distance { continue }
            best = (candidate, distance)
        }
        guard let best, best.distance <= max(2, (lowered.count + 2) / 3) else { return nil }
        return best.name
    }

    /// " (did you mean 'NAME'?)" or "" when nothing is close.
    public static func hint(for typed: String, in candidates: [String]) -> String {
        nearest(to: typed, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Levenshtein distance: insertions, deletions and substitutions, each costing 1. Names
    /// are short (the command line and spec parser bound them), so the quadratic table is cheap.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

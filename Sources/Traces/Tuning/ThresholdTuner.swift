import Interaction

/// Chooses a release rule from what people meant, and measures honestly how well that choice
/// generalises.
///
/// The procedure, run on any set of labelled releases: the models are every preset (nothing to
/// fit) and every rule family with its grid (``TuningModel``). Each is scored by k-fold
/// cross-validation inside the set, folds dealt by group (``ReleaseGroups``): a family is fitted
/// on the other folds and judged on the held-out one; a preset is judged on all. The model with
/// the best score wins (ties go to fewer fitted numbers, then to the earlier model) and is fitted
/// on the whole set. A family's fit is its grid point with the most agreements, ties going to the
/// point nearest its reference.
///
/// ``nestedCrossValidation(_:)`` runs that whole procedure on the training folds of an outer
/// cross-validation and judges each held-out fold by what it chose there, so the held-out
/// agreement is an estimate of the procedure, choosing included; the rule to ship is the
/// procedure run on every release. Deterministic: groups are dealt in order of their names, and
/// nothing is random.
public struct ThresholdTuner: Sendable {
    /// The models chosen among, in the order that breaks the last ties.
    public var models: [TuningModel]
    /// Folds of each cross-validation (outer and inner); fewer when there are fewer groups.
    public var folds: Int

    /// Every preset, then `extra` fixed rules, then the four families (ties broken towards
    /// `references` where one is of the family), with `folds` folds.
    public init(folds: Int = 5, extra: [PolicySpec] = [], references: [ThresholdRule] = []) {
        var fixed = PolicySpec.presets
        for spec in extra where !fixed.contains(where: { $0.rule == spec.rule }) { fixed.append(spec) }
        let families = RuleFamily.allCases.map { family in
            TuningModel.family(family, reference: references.first { $0.ruleFamily == family })
        }
        self.init(models: fixed.map(TuningModel.fixed) + families, folds: folds)
    }

    /// A tuner over exactly `models`.
    public init(models: [TuningModel], folds: Int) {
        self.models = models
        self.folds = max(2, folds)
    }

    /// What the procedure chose on one set of releases.
    public struct Selection: Hashable, Sendable {
        /// The model chosen.
        public var model: TuningModel
        /// The rule: the fixed rule, or the family fitted on the whole set.
        public var rule: ThresholdRule
        /// Each model's cross-validated agreements on the set, in ``ThresholdTuner/models``
        /// order; nil for a family when the set has fewer than 2 groups (it cannot be scored).
        public var scores: [Int?]
        /// How many releases the scores are out of.
        public var releases: Int
        /// The folds the scores come from (1: no cross-validation was possible).
        public var innerFolds: Int

        /// The rule as a spec, written from the model's base.
        public var spec: PolicySpec {
            // Every rule of a model is a preset's or a grid point, all within the ranges a spec
            // accepts (a test holds every grid to them), so the fallback is never taken.
            (try? PolicySpec(base: model.base, rule: rule)) ?? PolicySpec.preset(.vcTransitions)
        }
    }

    /// One fold of the outer cross-validation.
    public struct Fold: Hashable, Sendable {
        /// The groups held out (their keys, ``LabelledRelease/groupKey``).
        public var groups: [String]
        /// The indices of the releases held out.
        public var releases: [Int]
        /// What the procedure chose on the other folds.
        public var selection: Selection
    }

    /// The whole procedure judged on held-out folds, and the rule to ship.
    public struct NestedResult: Hashable, Sendable {
        /// The outer folds; empty when there are fewer than 2 groups.
        public var folds: [Fold]
        /// What the procedure decided for each release (in the releases' order) when it was held
        /// out; nil when there are fewer than 2 groups (see ``refusal``).
        public var heldOutDecisions: [ReleaseDecision.Verdict]?
        /// The procedure run on every release: the rule to ship.
        public var shipped: Selection
        /// Why there is no held-out figure, when there is none.
        public var refusal: String?
    }

    /// The most candidate-group counters kept at once (4 bytes each): with more groups than fit,
    /// each cross-validation run counts its releases afresh (the same numbers, more time).
    static let groupCountLimit = 4 << 20

    /// Runs the procedure on `releases` (indices into `all`): cross-validated scores, the winner,
    /// its fit on the whole set.
    public func select(_ all: [LabelledRelease], indices: [Int]) -> Selection {
        select(all, indices: indices, byGroup: nil)
    }

    /// The procedure on `indices`; with `byGroup` (every release's agreements counted per group,
    /// cells in ``groupKeys(_:indices:)`` order of all releases) the counts are summed from it
    /// instead of counted again.
    private func select(_ all: [LabelledRelease], indices: [Int], byGroup: (counts: AgreementCounts, groups: [String])?) -> Selection {
        let groups = Self.groupKeys(all, indices: indices)
        let innerFolds = min(folds, groups.count)
        let cells = max(innerFolds, 1)
        let foldOfGroup = Dictionary(uniqueKeysWithValues: groups.enumerated().map { ($0.element, $0.offset % cells) })
        let counts: AgreementCounts
        if let byGroup {
            counts = byGroup.counts.merged(cells: cells, cellOf: byGroup.groups.map { foldOfGroup[$0] ?? -1 })
        } else {
            counts = AgreementCounts(all, indices: indices, cellOf: { foldOfGroup[all[$0].groupKey] ?? 0 }, cells: cells, models: models)
        }
        var scores: [Int?] = []
        for (index, model) in models.enumerated() {
            if model.isFixed {
                scores.append(counts.total(model: index, candidate: 0))
            } else if innerFolds >= 2 {
                var score = 0
                for fold in 0..<innerFolds {
                    let fitted = counts.best(model: index, excluding: fold)
                    score += counts.count(model: index, candidate: fitted, cell: fold)
                }
                scores.append(score)
            } else {
                scores.append(nil)
            }
        }
        var winner = 0
        for index in models.indices.dropFirst() {
            guard let score = scores[index] else { continue }
            let best = scores[winner] ?? -1
            if score > best || (score == best && models[index].fittedParameters < models[winner].fittedParameters) { winner = index }
        }
        let rule = models[winner].rules[counts.best(model: winner, excluding: nil)]
        return Selection(model: models[winner], rule: rule, scores: scores, releases: indices.count, innerFolds: cells)
    }

    /// The procedure judged by an outer cross-validation over groups, and the rule to ship.
    public func nestedCrossValidation(_ releases: [LabelledRelease]) -> NestedResult {
        nestedCrossValidation(releases, groupCountLimit: Self.groupCountLimit)
    }

    /// As ``nestedCrossValidation(_:)``, counting per group once when the candidates times the
    /// groups are at most `groupCountLimit`.
    func nestedCrossValidation(_ releases: [LabelledRelease], groupCountLimit: Int) -> NestedResult {
        let everything = Array(releases.indices)
        let groups = Self.groupKeys(releases, indices: everything)
        let candidates = models.reduce(0) { $0 + $1.rules.count }
        var byGroup: (counts: AgreementCounts, groups: [String])?
        if candidates * groups.count <= groupCountLimit {
            let groupIndex = Dictionary(uniqueKeysWithValues: groups.enumerated().map { ($0.element, $0.offset) })
            byGroup = (AgreementCounts(releases, indices: everything, cellOf: { groupIndex[releases[$0].groupKey] ?? 0 }, cells: max(groups.count, 1), models: models),
                       groups)
        }
        let shipped = select(releases, indices: everything, byGroup: byGroup)
        guard groups.count >= 2 else {
            let basis = ReleaseGroups.summary(releases)
            return NestedResult(folds: [], heldOutDecisions: nil, shipped: shipped,
                                refusal: "the releases fall into \(basis): a held-out figure needs at least 2 groups, so that no release is judged by a rule fitted to its own group (label the traces with a study participant or a \"group\", or put gestures of different sessions in different folders)")
        }
        let outerFolds = min(folds, groups.count)
        let foldOfGroup = Dictionary(uniqueKeysWithValues: groups.enumerated().map { ($0.element, $0.offset % outerFolds) })
        var decisions = [ReleaseDecision.Verdict](repeating: .cancel, count: releases.count)
        var results: [Fold] = []
        for fold in 0..<outerFolds {
            let heldOut = everything.filter { foldOfGroup[releases[$0].groupKey] == fold }
            let training = everything.filter { foldOfGroup[releases[$0].groupKey] != fold }
            let selection = select(releases, indices: training, byGroup: byGroup)
            for index in heldOut { decisions[index] = releases[index].decision(under: selection.rule) }
            results.append(Fold(groups: groups.filter { foldOfGroup[$0] == fold }, releases: heldOut, selection: selection))
        }
        return NestedResult(folds: results, heldOutDecisions: decisions, shipped: shipped, refusal: nil)
    }

    /// The group keys of the releases at `indices`, each once, sorted.
    static func groupKeys(_ releases: [LabelledRelease], indices: [Int]) -> [String] {
        Array(Set(indices.map { releases[$0].groupKey })).sorted()
    }
}

/// Agreements of every candidate rule of every model, counted per cell (fold) in one pass over
/// the releases: memory is the candidates times the cells, whatever the number of releases.
struct AgreementCounts {
    private let cells: Int
    private let offsets: [Int]
    private let models: [TuningModel]
    private let counts: [Int32]
    private let distances: [[Double]]

    init(_ releases: [LabelledRelease], indices: [Int], cellOf: (Int) -> Int, cells: Int, models: [TuningModel]) {
        self.cells = cells
        self.models = models
        (offsets, distances) = Self.layout(models)
        var counts = [Int32](repeating: 0, count: (offsets.last ?? 0) * cells + (models.last?.rules.count ?? 0) * cells)
        let cellIndices = indices.map(cellOf)
        let measurements = indices.map { releases[$0].measurement }
        let cancelled = indices.map { releases[$0].pointerCancelled }
        let intents = indices.map { releases[$0].intent }
        let count = indices.count
        counts.withUnsafeMutableBufferPointer { buffer in
            var base = 0
            for model in models {
                for rule in model.rules {
                    for position in 0..<count
                    where LabelledRelease.decision(measurement: measurements[position], pointerCancelled: cancelled[position], under: rule) == intents[position] {
                        buffer[base + cellIndices[position]] += 1
                    }
                    base += cells
                }
            }
        }
        self.counts = counts
    }

    private init(cells: Int, offsets: [Int], models: [TuningModel], counts: [Int32], distances: [[Double]]) {
        self.cells = cells
        self.offsets = offsets
        self.models = models
        self.counts = counts
        self.distances = distances
    }

    /// Where each model's candidates start, and each candidate's distance from its model's reference.
    private static func layout(_ models: [TuningModel]) -> ([Int], [[Double]]) {
        var offsets: [Int] = []
        var total = 0
        for model in models {
            offsets.append(total)
            total += model.rules.count
        }
        return (offsets, models.map { model in model.rules.map { TuningModel.distance($0, from: model.reference) } })
    }

    /// These counts summed into `cells` new cells: cell `c` goes to `cellOf[c]`, or nowhere when negative.
    func merged(cells newCells: Int, cellOf: [Int]) -> AgreementCounts {
        let candidates = counts.count / max(cells, 1)
        var merged = [Int32](repeating: 0, count: candidates * newCells)
        for candidate in 0..<candidates {
            for cell in 0..<cells where cellOf[cell] >= 0 {
                merged[candidate * newCells + cellOf[cell]] += counts[candidate * cells + cell]
            }
        }
        return AgreementCounts(cells: newCells, offsets: offsets, models: models, counts: merged, distances: distances)
    }

    /// Agreements of a model's candidate in one cell.
    func count(model: Int, candidate: Int, cell: Int) -> Int {
        Int(counts[(offsets[model] + candidate) * cells + cell])
    }

    /// Agreements of a model's candidate over every cell.
    func total(model: Int, candidate: Int) -> Int {
        let base = (offsets[model] + candidate) * cells
        var sum = 0
        for cell in 0..<cells { sum += Int(counts[base + cell]) }
        return sum
    }

    /// The model's candidate with the most agreements over every cell but `excluding`; ties go
    /// to the one nearest the model's reference, then to the first.
    func best(model: Int, excluding: Int?) -> Int {
        var best = 0, bestCount = -1, bestDistance = Double.infinity
        for candidate in models[model].rules.indices {
            let count = total(model: model, candidate: candidate) - (excluding.map { self.count(model: model, candidate: candidate, cell: $0) } ?? 0)
            let distance = distances[model][candidate]
            if count > bestCount || (count == bestCount && distance < bestDistance) {
                (best, bestCount, bestDistance) = (candidate, count, distance)
            }
        }
        return best
    }
}

import Interaction
import Rasterizer

/// Picks the window's way of drawing the transition's layers by timing both on the frames it
/// really draws, rather than by a rule about the renderer.
///
/// A trial counts only frames of a transition under way (a screen at rest costs the same either
/// way, and a choice made on it misled the window into SDL's meshes for fold at 60 ms a frame);
/// frames at rest are drawn by ``pathAtRest``. It alternates the two paths frame by frame (so
/// both meet the same load), drops each
/// path's first ``warmUpFrames`` (caches being filled, textures read back), then compares the
/// medians of the next ``trialFrames``. The other path replaces the preferred one only when it
/// is at least ``requiredGain`` faster, so noise never flips a near tie. A trial ends early,
/// after ``decisiveFrames`` of each, when every counted frame of one path beats every counted
/// frame of the other by that gain: the slower path's frames are the janky ones, so a gap that
/// plain is not measured longer. A new transition or a new window size starts a new trial
/// (``restart(preferring:)``).
package struct DrawPathChooser {
    /// A way of drawing the layers.
    package enum Path: String, CaseIterable, Sendable {
        /// ``SoftwareRasterizer`` into one streaming texture.
        case rasterizer = "own rasteriser"
        /// SDLFront's `DisplayListRenderer`: SDL geometry.
        case meshes = "SDL meshes"
    }

    /// Frames of each path not counted at the start of a trial.
    static let warmUpFrames = 3
    /// Frames of each path counted in a trial.
    static let trialFrames = 15
    /// How much faster the other path must be to be chosen (0.1: ten per cent).
    static let requiredGain = 0.1
    /// Counted frames of each path after which a decisive gap ends the trial. With five a side,
    /// two paths of equal cost are fully separated by chance in 2 trials of 252.
    static let decisiveFrames = 5

    /// The path used before and whenever the measurements do not clearly favour the other.
    private(set) var preferred: Path
    /// The path chosen by the last trial; nil while a trial runs.
    package private(set) var chosen: Path?
    /// Seconds per frame of each path in the running trial, warm-up frames included.
    private var samples: [Path: [Double]] = [:]
    /// Paths that cannot draw on this renderer (their set-up failed).
    private var unavailable: Set<Path> = []
    /// The medians the last trial compared, in seconds, for the HUD.
    private(set) var lastMedians: [Path: Double] = [:]
    /// The frame count within the running trial, which decides whose turn it is.
    private var trialFrame = 0

    /// A chooser whose trial starts with, and falls back to, `preferred`.
    package init(preferring preferred: Path) {
        self.preferred = preferred
    }

    /// The path to draw the next frame with.
    package var nextPath: Path {
        if let chosen { return chosen }
        let available = Path.allCases.filter { !unavailable.contains($0) }
        guard available.count == 2 else { return available.first ?? preferred }
        // The preferred path goes first so a trial cut short still used it most.
        let other = preferred == .rasterizer ? Path.meshes : .rasterizer
        return trialFrame % 2 == 0 ? preferred : other
    }

    /// The path for a frame that does not count towards the trial: the chosen one, else the
    /// preferred one (a path that cannot draw makes the other the chosen one at once).
    package var pathAtRest: Path { chosen ?? preferred }

    /// Notes that a frame drawn with `path` took `seconds` (drawing and presenting it).
    package mutating func record(_ path: Path, seconds: Double) {
        guard chosen == nil, seconds.isFinite, seconds >= 0 else { return }
        samples[path, default: []].append(seconds)
        trialFrame += 1
        let available = Path.allCases.filter { !unavailable.contains($0) }
        let counted = available.map { (samples[$0] ?? []).count - Self.warmUpFrames }
        if counted.allSatisfy({ $0 >= Self.trialFrames }) || (counted.allSatisfy({ $0 >= Self.decisiveFrames }) && gapIsDecisive(among: available)) {
            decide(among: available)
        }
    }

    /// True when every counted frame of one of the `available` paths is at least
    /// ``requiredGain`` faster than every counted frame of the other.
    private func gapIsDecisive(among available: [Path]) -> Bool {
        let counted = available.map { (samples[$0] ?? []).dropFirst(Self.warmUpFrames) }
        guard counted.count == 2, let first = counted.first, let second = counted.last, let firstSlowest = first.max(), let firstFastest = first.min(),
              let secondSlowest = second.max(), let secondFastest = second.min() else { return false }
        return Self.replaces(secondFastest, with: firstSlowest) || Self.replaces(firstFastest, with: secondSlowest)
    }

    /// Notes that `path` cannot draw on this renderer; the other is used from now on.
    package mutating func markUnavailable(_ path: Path) {
        unavailable.insert(path)
        samples[path] = nil
        if chosen == path || unavailable.count == 1 {
            chosen = Path.allCases.first { !unavailable.contains($0) }
        }
    }

    /// Starts a new trial (a new transition or window size changes the costs).
    package mutating func restart(preferring preferred: Path) {
        self.preferred = preferred
        chosen = unavailable.isEmpty ? nil : Path.allCases.first { !unavailable.contains($0) }
        samples = [:]
        trialFrame = 0
    }

    /// What the HUD says: the path in use, and the measured medians once a trial has ended.
    package var summary: String {
        guard let chosen else { return "\(nextPath.rawValue) (measuring both paths)" }
        guard lastMedians.count == 2, let mine = lastMedians[chosen],
              let other = Path.allCases.first(where: { $0 != chosen }), let theirs = lastMedians[other] else { return chosen.rawValue }
        return "\(chosen.rawValue): \(Self.milliseconds(mine)) a frame, \(other.rawValue) \(Self.milliseconds(theirs))"
    }

    private mutating func decide(among available: [Path]) {
        var medians: [Path: Double] = [:]
        for path in available {
            let counted = (samples[path] ?? []).dropFirst(Self.warmUpFrames).prefix(Self.trialFrames).sorted()
            medians[path] = counted.isEmpty ? .infinity : (counted[(counted.count - 1) / 2] + counted[counted.count / 2]) / 2
        }
        lastMedians = medians
        let other = preferred == .rasterizer ? Path.meshes : .rasterizer
        if let mine = medians[preferred], let theirs = medians[other], Self.replaces(mine, with: theirs) {
            chosen = other
        } else {
            chosen = preferred
        }
        samples = [:]
    }

    /// True when a way taking `otherSeconds` a frame should replace the preferred one taking
    /// `preferredSeconds`: it is at least ``requiredGain`` faster.
    package static func replaces(_ preferredSeconds: Double, with otherSeconds: Double) -> Bool {
        otherSeconds < preferredSeconds * (1 - requiredGain)
    }

    /// Seconds as the HUD writes them ("4.2 ms").
    package static func milliseconds(_ seconds: Double) -> String {
        DecimalFormat.fixedString(seconds * 1000, decimals: 1) + " ms"
    }
}

/// A completion that runs much slower than UIKit's rule (speed 1) would play it and outlasts
/// the whole transition, with the numbers that say why: what a person watching a seemingly stuck transition needs to know.
public struct CompletionSlowness: Hashable, Sendable {
    /// Completion speeds below this are slow: the completion takes over four times as long as
    /// at speed 1.
    public static let slowSpeed = 0.25

    /// The completion timing's stable name (`vctransitions`, `uikit`, …).
    public var timingName: String
    /// The speed it plays at (1 is UIKit's rule, 0.01 a hundred times slower).
    public var speed: Double
    /// How long the completion runs, in seconds.
    public var duration: Double
    /// How long it would run at speed 1, in seconds.
    public var durationAtSpeedOne: Double
    /// For VCTransitionsLibrary's rule (speed `1 − p`): the progress its speed was computed
    /// from, 0…0.99 (it shows 0.99 for a fraction of 1 or more); nil for other timings.
    public var progressTimed: Double?

    /// Creates a description of a slow completion.
    public init(timingName: String, speed: Double, duration: Double, durationAtSpeedOne: Double, progressTimed: Double?) {
        self.timingName = timingName
        self.speed = speed
        self.duration = duration
        self.durationAtSpeedOne = durationAtSpeedOne
        self.progressTimed = progressTimed
    }
}

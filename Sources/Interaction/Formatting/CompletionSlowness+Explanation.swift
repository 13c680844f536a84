import Engine

extension CompletionSlowness {
    /// Why the completion is slow, short enough for the HUD, e.g.
    /// "slow: vctransitions speed 1 − p = 0.01 → 34.65 s, not 0.35 s".
    public var explanation: String {
        let speedText = (progressTimed == nil ? "speed " : "speed 1 − p = ") + DecimalFormat.string(speed, decimals: 3)
        return "slow: \(timingName) \(speedText) → \(DecimalFormat.fixedString(duration, decimals: 2)) s, not \(DecimalFormat.fixedString(durationAtSpeedOne, decimals: 2)) s"
    }
}

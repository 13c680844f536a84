/// The velocities at which a rule's decision can change, for drawing them next to a release.
extension ThresholdRule {
    /// Each velocity threshold in points per second with a label, for a gesture whose screen
    /// extent is `screenExtent` points (a fling in screens per second scales by it).
    public func velocityThresholds(screenExtent: Double) -> [(velocity: Double, label: String)] {
        switch self {
        case .position:
            return []
        case .velocityAndPosition(let finish, _, let cancel):
            return [(finish, "finish-velocity"), (cancel, "cancel-velocity")]
        case .fling(let minimum, let unit, _, _):
            let points = unit == .screensPerSecond ? minimum * screenExtent : minimum
            return [(points, "fling"), (-points, "fling back")]
        case .anchoredDraggable(let minimum, _):
            return [(minimum, "fling"), (-minimum, "fling back")]
        case .projection(_, _, let back):
            return [(-back, "back-velocity")]
        }
    }

    /// True when the release's velocity, not only its progress, decided `release`: the
    /// decision changes for some other velocity at the same progress.
    public func velocityMatters(_ release: ReleaseMeasurement) -> Bool {
        DecisionMargin(rule: self, release: release).velocity != nil
    }
}

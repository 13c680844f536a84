/// The named numbers of each rule, so that `sweep` and `tune` can vary them.
extension ThresholdRule {
    /// The rule's parameters by name, in a fixed order.
    public var parameters: [(name: String, value: Double)] {
        switch self {
        case .position(let threshold):
            return [("threshold", threshold)]
        case .velocityAndPosition(let finishVelocity, let positionThreshold, let cancelVelocity):
            return [("finish-velocity", finishVelocity), ("position", positionThreshold), ("cancel-velocity", cancelVelocity)]
        case .fling(let minimumVelocity, _, let positionThreshold, _):
            return [("velocity", minimumVelocity), ("position", positionThreshold)]
        case .projection(let decelerationRate, let threshold, let backVelocity):
            return [("deceleration", decelerationRate), ("threshold", threshold), ("back-velocity", backVelocity)]
        case .anchoredDraggable(let minimumVelocity, let positionThreshold):
            return [("velocity", minimumVelocity), ("position", positionThreshold)]
        }
    }

    /// The same rule with the parameter `name` set to `value`, or nil if it has no such parameter
    /// (``PolicySpec`` checks the value's range).
    public func setting(_ name: String, to value: Double) -> ThresholdRule? {
        switch (self, name) {
        case (.position, "threshold"):
            return .position(threshold: value)
        case (.velocityAndPosition(_, let position, let cancel), "finish-velocity"):
            return .velocityAndPosition(finishVelocity: value, positionThreshold: position, cancelVelocity: cancel)
        case (.velocityAndPosition(let finish, _, let cancel), "position"):
            return .velocityAndPosition(finishVelocity: finish, positionThreshold: value, cancelVelocity: cancel)
        case (.velocityAndPosition(let finish, let position, _), "cancel-velocity"):
            return .velocityAndPosition(finishVelocity: finish, positionThreshold: position, cancelVelocity: value)
        case (.fling(_, let unit, let position, let comparison), "velocity"):
            return .fling(minimumVelocity: value, unit: unit, positionThreshold: position, comparison: comparison)
        case (.fling(let velocity, let unit, _, let comparison), "position"):
            return .fling(minimumVelocity: velocity, unit: unit, positionThreshold: value, comparison: comparison)
        case (.projection(_, let threshold, let back), "deceleration"):
            return .projection(decelerationRate: value, threshold: threshold, backVelocity: back)
        case (.projection(let rate, _, let back), "threshold"):
            return .projection(decelerationRate: rate, threshold: value, backVelocity: back)
        case (.anchoredDraggable(_, let position), "velocity"):
            return .anchoredDraggable(minimumVelocity: value, positionThreshold: position)
        case (.anchoredDraggable(let velocity, _), "position"):
            return .anchoredDraggable(minimumVelocity: velocity, positionThreshold: value)
        case (.projection(let rate, let threshold, _), "back-velocity"):
            return .projection(decelerationRate: rate, threshold: threshold, backVelocity: value)
        default:
            return nil
        }
    }
}

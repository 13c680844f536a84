import Engine

/// Chromium's `LinearPredictor`: extrapolates from the velocity between the last two
/// positions (first order), plus, in second order, the acceleration between the last two
/// velocities.
public struct LinearPredictor: PointerPredictor {
    /// How many positions the equation uses (Chromium's `EquationOrder`).
    public enum Order: Int, Sendable {
        /// Velocity only: two positions.
        case first = 2
        /// Velocity and acceleration: three positions.
        case second = 3
    }

    /// The equation's order.
    public let order: Order
    private var events: [(position: Point, time: Double)] = []
    /// Velocity between the last two positions, in points per millisecond.
    private var velocity = Point(x: 0, y: 0)
    /// The velocity before it, in points per millisecond.
    private var lastVelocity = Point(x: 0, y: 0)
    /// Milliseconds between the last two positions.
    private var interval = 0.0

    /// A predictor of `order`.
    public init(order: Order) { self.order = order }

    public mutating func reset() { events.removeAll() }

    public mutating func update(_ position: Point, at time: Double) {
        if let last = events.last, PredictionTiming.isGap(from: last.time, to: time) { reset() }
        events.append((position, time))
        if events.count > order.rawValue { events.removeFirst() }
        guard events.count >= Order.first.rawValue else { return }
        lastVelocity = velocity
        let newest = events[events.count - 1], previous = events[events.count - 2]
        interval = PredictionTiming.milliseconds(from: previous.time, to: newest.time)
        velocity = interval > 0
            ? Point(x: (newest.position.x - previous.position.x) / interval, y: (newest.position.y - previous.position.y) / interval)
            : Point(x: 0, y: 0)
    }

    /// Even a second-order predictor predicts (first order) from two positions.
    public var hasPrediction: Bool { events.count >= Order.first.rawValue }

    public func prediction(at time: Double) -> Point? {
        guard hasPrediction, let last = events.last else { return nil }
        let ahead = PredictionTiming.milliseconds(from: last.time, to: time)
        var predicted = Point(x: last.position.x + velocity.x * ahead, y: last.position.y + velocity.y * ahead)
        if order == .second, interval > 0, events.count == Order.second.rawValue {
            let acceleration = Point(x: (velocity.x - lastVelocity.x) / interval, y: (velocity.y - lastVelocity.y) / interval)
            predicted.x += acceleration.x * 0.5 * ahead * ahead
            predicted.y += acceleration.y * 0.5 * ahead * ahead
        }
        return predicted
    }

    public var timeInterval: Double {
        guard let first = events.first, let last = events.last, events.count > 1 else { return PredictionTiming.defaultInterval }
        return max(PredictionTiming.minimumInterval, (last.time - first.time) / Double(events.count - 1))
    }
}

import Engine
import Glibc

/// Chromium's `KalmanPredictor`: a ``KalmanFilter`` per axis, stepped by a filtered time
/// interval, predicting from the last position with the filters' velocity and acceleration.
public struct KalmanPredictor: PointerPredictor {
    /// Chromium's `PredictionOptions`.
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int
        /// Creates options from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `kHeuristicsEnabled`: the acceleration counts only when the stroke turned more than
        /// 15° over the recent positions.
        public static let heuristics = Options(rawValue: 1)
        /// `kDirectionCutOffEnabled`: no prediction when the predicted velocity would reverse.
        public static let directionCutOff = Options(rawValue: 2)
    }

    /// `kMaxTimeInQueue`: the recent positions kept for the heuristics span at most 40 ms.
    static let maximumTimeInQueue = 0.040

    /// The options in force.
    public let options: Options
    private var x = KalmanFilter()
    private var y = KalmanFilter()
    /// Filters the time between positions, in milliseconds.
    private var timeFilter = KalmanFilter()
    private var recent: [(position: Point, time: Double)] = []

    /// A predictor with `options` (none: Chromium's default, `kNone`).
    public init(options: Options = []) { self.options = options }

    public mutating func reset() {
        x.reset()
        y.reset()
        timeFilter.reset()
        recent.removeAll()
    }

    public mutating func update(_ position: Point, at time: Double) {
        if let last = recent.last {
            if PredictionTiming.isGap(from: last.time, to: time) {
                reset()
            } else {
                timeFilter.update(PredictionTiming.milliseconds(from: last.time, to: time), dt: 0)
            }
        }
        let dt = timeFilter.position
        recent.append((position, time))
        x.update(position.x, dt: dt)
        y.update(position.y, dt: dt)
        while let first = recent.first, let last = recent.last,
              SampleTime.microseconds(last.time) - SampleTime.microseconds(first.time) > SampleTime.microseconds(Self.maximumTimeInQueue) {
            recent.removeFirst()
        }
    }

    public var hasPrediction: Bool { x.isStable && y.isStable }

    public func prediction(at time: Double) -> Point? {
        guard hasPrediction, let last = recent.last else { return nil }
        let ahead = PredictionTiming.milliseconds(from: last.time, to: time)
        let velocity = Point(x: x.velocity, y: y.velocity)
        let acceleration = Point(x: x.acceleration, y: y.acceleration)
        if options.contains(.directionCutOff) {
            let future = Point(x: velocity.x + acceleration.x * ahead, y: velocity.y + acceleration.y * ahead)
            if velocity.x * future.x + velocity.y * future.y <= 0 { return nil }
        }
        var predicted = Point(x: last.position.x + velocity.x * ahead, y: last.position.y + velocity.y * ahead)
        if !options.contains(.heuristics) || turnInDegrees() > 15 {
            predicted.x += acceleration.x * 0.5 * ahead * ahead
            predicted.y += acceleration.y * 0.5 * ahead * ahead
        }
        return predicted
    }

    /// How far the recent positions turned, in degrees (Chromium's heuristic).
    private func turnInDegrees() -> Double {
        var angle = 0.0
        for index in recent.indices.dropFirst(2) {
            let first = Point(x: recent[index - 1].position.x - recent[index - 2].position.x,
                              y: recent[index - 1].position.y - recent[index - 2].position.y)
            let second = Point(x: recent[index].position.x - recent[index - 1].position.x,
                               y: recent[index].position.y - recent[index - 1].position.y)
            if hypot(first.x, first.y) > 0 && hypot(second.x, second.y) > 0 {
                angle += atan2(first.x, first.y) - atan2(second.x, second.y)
            }
        }
        return abs(angle) * 180 / .pi
    }

    public var timeInterval: Double {
        let milliseconds = timeFilter.position
        return milliseconds != 0 ? max(PredictionTiming.minimumInterval, milliseconds / 1000) : PredictionTiming.defaultInterval
    }
}

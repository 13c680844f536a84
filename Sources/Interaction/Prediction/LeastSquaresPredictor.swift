import Engine

/// Chromium's `LeastSquaresPredictor`: fits a quadratic in time through the last three
/// positions, each axis on its own, and evaluates it at the predicted time.
public struct LeastSquaresPredictor: PointerPredictor {
    /// `kSize`: the positions fitted.
    public static let size = 3
    private var events: [(position: Point, time: Double)] = []

    /// An empty predictor.
    public init() {}

    public mutating func reset() { events.removeAll() }

    public mutating func update(_ position: Point, at time: Double) {
        if let last = events.last, PredictionTiming.isGap(from: last.time, to: time) { reset() }
        events.append((position, time))
        if events.count > Self.size { events.removeFirst() }
    }

    public var hasPrediction: Bool { events.count >= Self.size }

    public func prediction(at time: Double) -> Point? {
        guard hasPrediction else { return nil }
        let start = events[0].time
        let t1 = PredictionTiming.milliseconds(from: start, to: events[1].time)
        let t2 = PredictionTiming.milliseconds(from: start, to: events[2].time)
        let ahead = PredictionTiming.milliseconds(from: start, to: time)
        let rows = [[1, 0, 0], [1, t1, t1 * t1], [1, t2, t2 * t2]]
        guard let bx = Self.solve(rows, events.map(\.position.x)), let by = Self.solve(rows, events.map(\.position.y)) else { return nil }
        return Point(x: bx[0] + bx[1] * ahead + bx[2] * ahead * ahead, y: by[0] + by[1] * ahead + by[2] * ahead * ahead)
    }

    public var timeInterval: Double {
        guard let first = events.first, let last = events.last, events.count > 1 else { return PredictionTiming.defaultInterval }
        return max(PredictionTiming.minimumInterval, (last.time - first.time) / Double(events.count - 1))
    }

    /// The coefficients b of X·b = y by the normal equations, (XᵀX)⁻¹Xᵀy; the last value
    /// when y does not change, nil when XᵀX is singular (its determinant below single
    /// precision's epsilon, as Chromium's `Matrix3F::Inverse` has it).
    static func solve(_ x: [[Double]], _ y: [Double]) -> [Double]? {
        if abs(y[0] - y[1]) < Double.ulpOfOne && abs(y[1] - y[2]) < Double.ulpOfOne { return [y[2], 0, 0] }
        var normal = [[Double]](repeating: [0, 0, 0], count: 3)
        for row in 0..<3 { for column in 0..<3 { normal[row][column] = (0..<3).reduce(0) { $0 + x[$1][row] * x[$1][column] } } }
        guard let inverse = inverse3x3(normal) else { return nil }
        let transposedY = (0..<3).map { row in (0..<3).reduce(0.0) { $0 + x[$1][row] * y[$1] } }
        return (0..<3).map { row in (0..<3).reduce(0.0) { $0 + inverse[row][$1] * transposedY[$1] } }
    }

    /// The inverse of a 3×3 matrix by its adjugate, nil when singular.
    static func inverse3x3(_ m: [[Double]]) -> [[Double]]? {
        let cofactor00 = m[1][1] * m[2][2] - m[1][2] * m[2][1]
        let cofactor01 = m[1][2] * m[2][0] - m[1][0] * m[2][2]
        let cofactor02 = m[1][0] * m[2][1] - m[1][1] * m[2][0]
        let determinant = m[0][0] * cofactor00 + m[0][1] * cofactor01 + m[0][2] * cofactor02
        guard determinant.isFinite, abs(determinant) > Double(Float.ulpOfOne) else { return nil }
        let adjugate = [
            [cofactor00, m[0][2] * m[2][1] - m[0][1] * m[2][2], m[0][1] * m[1][2] - m[0][2] * m[1][1]],
            [cofactor01, m[0][0] * m[2][2] - m[0][2] * m[2][0], m[0][2] * m[1][0] - m[0][0] * m[1][2]],
            [cofactor02, m[0][1] * m[2][0] - m[0][0] * m[2][1], m[0][0] * m[1][1] - m[0][1] * m[1][0]],
        ]
        return adjugate.map { $0.map { $0 / determinant } }
    }
}

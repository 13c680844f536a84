/// Chromium's one-axis `KalmanFilter`: a constant-acceleration model (position, velocity,
/// acceleration) with process noise from a random force and a noisy position measurement.
/// Time steps in milliseconds.
public struct KalmanFilter: Sendable {
    /// `kStableIterNum`: the filter is trusted after four observations.
    static let stableIterations = 4
    /// `kSigmaProcess`.
    static let processNoise = 0.01
    /// `kSigmaMeasurement`.
    static let measurementNoise = 1.0

    /// Position, velocity (per ms) and acceleration (per ms²).
    private var state: [Double] = [0, 0, 0]
    private var covariance: [[Double]] = KalmanFilter.identity
    private var iterations = 0

    /// A filter that has seen nothing.
    public init() {}

    /// True once the filter has seen enough observations to be trusted.
    public var isStable: Bool { iterations >= Self.stableIterations }
    /// The estimated position.
    public var position: Double { state[0] }
    /// The estimated velocity, per millisecond.
    public var velocity: Double { state[1] }
    /// The estimated acceleration, per millisecond squared.
    public var acceleration: Double { state[2] }

    /// Forgets everything.
    public mutating func reset() {
        state = [0, 0, 0]
        covariance = Self.identity
        iterations = 0
    }

    /// Takes an observed position `dt` milliseconds after the previous one (the first only
    /// sets the position).
    public mutating func update(_ observation: Double, dt: Double) {
        iterations += 1
        if iterations == 1 {
            state = [observation, 0, 0]
            return
        }
        predict(dt)
        // The measurement sees the position only: H = (1, 0, 0).
        let innovation = observation - state[0]
        let s = covariance[0][0] + Self.measurementNoise
        let gain = (0..<3).map { covariance[$0][0] / s }
        for index in 0..<3 { state[index] += gain[index] * innovation }
        // Joseph form: P = (I − KH) P (I − KH)ᵀ + K R Kᵀ.
        var iMinusKH = Self.identity
        for row in 0..<3 { iMinusKH[row][0] -= gain[row] }
        let product = Self.multiply(Self.multiply(iMinusKH, covariance), Self.transpose(iMinusKH))
        covariance = (0..<3).map { row in (0..<3).map { column in
            product[row][column] + gain[row] * Self.measurementNoise * gain[column]
        } }
    }

    /// Moves the state `dt` milliseconds on: x = F x, P = F P Fᵀ + Q.
    private mutating func predict(_ dt: Double) {
        let transition = [[1, dt, 0.5 * dt * dt], [0, 1, dt], [0, 0, 1]]
        state = (0..<3).map { row in (0..<3).reduce(0.0) { $0 + transition[row][$1] * state[$1] } }
        let noise = [0.5 * dt * dt, dt, 1.0]
        let moved = Self.multiply(Self.multiply(transition, covariance), Self.transpose(transition))
        covariance = (0..<3).map { row in (0..<3).map { column in moved[row][column] + noise[row] * noise[column] * Self.processNoise } }
    }

    private static let identity: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]

    private static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { row in (0..<3).map { column in (0..<3).reduce(0.0) { $0 + a[row][$1] * b[$1][column] } } }
    }

    private static func transpose(_ a: [[Double]]) -> [[Double]] {
        (0..<3).map { row in (0..<3).map { column in a[column][row] } }
    }
}

/// Unweighted least-squares polynomial fits, the two ways the references compute them.
///
/// Both callers fit positions relative to the newest sample: the fit is the same (only the
/// constant term moves), a pointer that did not move gives all-zero ordinates and so a slope of
/// exactly 0, and negating every ordinate negates every coefficient exactly.
enum LeastSquaresSolver {
    /// The coefficients c₀…c_degree of the fit y ≈ Σ cᵢ·xⁱ by the Gram–Schmidt QR decomposition
    /// of Flutter's `lsq_solver.dart` (ported there from Android's `solveLeastSquares`), or nil
    /// when a column of the design matrix is, after orthogonalisation, shorter than
    /// `minimumNorm` (the samples do not determine the fit).
    static func fit(x: [Double], y: [Double], degree: Int, minimumNorm: Double) -> [Double]? {
        let sampleCount = x.count
        let size = degree + 1
        guard degree <= sampleCount, y.count == sampleCount else { return nil }
        // Column i of the design matrix holds xⁱ.
        var design = [[Double]](repeating: [Double](repeating: 1, count: sampleCount), count: size)
        for power in 1..<size {
            for sample in 0..<sampleCount { design[power][sample] = design[power - 1][sample] * x[sample] }
        }
        var orthonormal = design
        var upper = [[Double]](repeating: [Double](repeating: 0, count: size), count: size)
        for column in 0..<size {
            for earlier in 0..<column {
                let projection = dot(orthonormal[column], orthonormal[earlier])
                for sample in 0..<sampleCount { orthonormal[column][sample] -= projection * orthonormal[earlier][sample] }
            }
            let norm = dot(orthonormal[column], orthonormal[column]).squareRoot()
            guard norm >= minimumNorm else { return nil }
            let inverseNorm = 1 / norm
            for sample in 0..<sampleCount { orthonormal[column][sample] *= inverseNorm }
            for other in column..<size { upper[column][other] = dot(orthonormal[column], design[other]) }
        }
        // Back-substitution of R·c = Qᵀ·y.
        var coefficients = [Double](repeating: 0, count: size)
        for row in stride(from: size - 1, through: 0, by: -1) {
            var value = dot(orthonormal[row], y)
            for column in stride(from: size - 1, to: row, by: -1) { value -= upper[row][column] * coefficients[column] }
            coefficients[row] = value / upper[row][row]
        }
        return coefficients
    }

    /// The slope at x = 0 of the quadratic fit, by the closed form of Android's
    /// `LeastSquaresVelocityTrackerStrategy::solveUnweightedLeastSquaresDeg2`, or nil when its
    /// denominator is 0.
    static func quadraticSlope(x: [Double], y: [Double]) -> Double? {
        var sumX = 0.0, sumXY = 0.0, sumY = 0.0, sumX2 = 0.0, sumX3 = 0.0, sumX2Y = 0.0, sumX4 = 0.0
        for (xValue, yValue) in zip(x, y) {
            let x2 = xValue * xValue
            sumX += xValue
            sumX2 += x2
            sumXY += xValue * yValue
            sumX2Y += x2 * yValue
            sumY += yValue
            sumX3 += x2 * xValue
            sumX4 += x2 * x2
        }
        let count = Double(x.count)
        let sxx = sumX2 - sumX * sumX / count
        let sxy = sumXY - sumX * sumY / count
        let sxx2 = sumX3 - sumX * sumX2 / count
        let sx2y = sumX2Y - sumX2 * sumY / count
        let sx2x2 = sumX4 - sumX2 * sumX2 / count
        let denominator = sxx * sx2x2 - sxx2 * sxx2
        guard denominator != 0 else { return nil }
        return (sxy * sx2x2 - sx2y * sxx2) / denominator
    }

    private static func dot(_ left: [Double], _ right: [Double]) -> Double {
        var sum = 0.0
        for index in left.indices { sum += left[index] * right[index] }
        return sum
    }
}

/// Fits a polynomial y(x) of a small degree to samples by least squares.
///
/// Solves the normal equations with Gaussian elimination and partial pivoting; the callers
/// centre x on the newest sample and work in milliseconds, which keeps them well conditioned
/// for the degree-2 fits the velocity tracker uses.
struct LeastSquaresSolver {
    /// Sample abscissae.
    let x: [Double]
    /// Sample ordinates.
    let y: [Double]

    /// The coefficients c₀…c_degree of the best fit y ≈ Σ cᵢ·xⁱ, or nil when the samples do
    /// not determine them (too few distinct x).
    func solve(degree: Int) -> [Double]? {
        let size = degree + 1
        guard x.count >= size else { return nil }
        // Normal equations A·c = b with A[i][j] = Σ x^(i+j) and b[i] = Σ y·x^i.
        var powerSums = [Double](repeating: 0, count: 2 * degree + 1)
        var right = [Double](repeating: 0, count: size)
        for (xValue, yValue) in zip(x, y) {
            var power = 1.0
            for exponent in 0...(2 * degree) {
                powerSums[exponent] += power
                if exponent < size { right[exponent] += yValue * power }
                power *= xValue
            }
        }
        var matrix = (0..<size).map { row in (0..<size).map { column in powerSums[row + column] } }
        let scale = powerSums.map(abs).max() ?? 1
        for pivotColumn in 0..<size {
            var pivotRow = pivotColumn
            for row in (pivotColumn + 1)..<size where abs(matrix[row][pivotColumn]) > abs(matrix[pivotRow][pivotColumn]) {
                pivotRow = row
            }
            guard abs(matrix[pivotRow][pivotColumn]) > 1e-12 * max(scale, 1) else { return nil }
            if pivotRow != pivotColumn {
                matrix.swapAt(pivotRow, pivotColumn)
                right.swapAt(pivotRow, pivotColumn)
            }
            for row in (pivotColumn + 1)..<size {
                let factor = matrix[row][pivotColumn] / matrix[pivotColumn][pivotColumn]
                for column in pivotColumn..<size { matrix[row][column] -= factor * matrix[pivotColumn][column] }
                right[row] -= factor * right[pivotColumn]
            }
        }
        var coefficients = [Double](repeating: 0, count: size)
        for row in stride(from: size - 1, through: 0, by: -1) {
            var sum = right[row]
            for column in (row + 1)..<size { sum -= matrix[row][column] * coefficients[column] }
            coefficients[row] = sum / matrix[row][row]
        }
        return coefficients
    }
}


/// Round tick values for an axis: steps of 1, 2 or 5 times a power of ten, so that labels read
/// 0, 0.25 → 0, 0.2, 0.4 … rather than 0.1833.
package enum NiceTicks {
    /// About `count` round values covering `low…high`, in increasing order.
    package static func values(_ low: Double, _ high: Double, count: Int = 5) -> [Double] {
        guard high > low, low.isFinite, high.isFinite else { return [low] }
        let rough = (high - low) / Double(max(count, 1))
        var power = 1.0
        while power * 10 <= rough { power *= 10 }
        while power > rough { power /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? power * 10
        let first = Int((low / step - 1e-9).rounded(.up))
        let last = Int((high / step + 1e-9).rounded(.down))
        guard first <= last else { return [low] }
        // Multiples of the step, rounded to nine decimals so that 3 × 0.2 is 0.6.
        return (first...min(last, first + 100)).map { (Double($0) * step * 1e9).rounded() / 1e9 }
    }
}

/// The columns of one target row that opaque layers already cover, as sorted, disjoint,
/// non-touching half-open intervals.
///
/// The rasteriser walks a row's layers from the nearest to the farthest: a layer drawn opaquely
/// (every pixel of its span written without reading what was there) hides whatever a farther
/// layer would have put in those columns, so the farther layer is drawn only where nothing
/// nearer covers it, and the background is cleared only where no layer covers it. Each pixel
/// still ends as the same sequence of layers would leave it.
package struct RowCoverage {
    /// The covered columns, left to right.
    private(set) var intervals: [Range<Int>] = []

    /// Nothing covered.
    mutating func reset() {
        intervals.removeAll(keepingCapacity: true)
    }

    /// Appends to `pieces`, left to right, the parts of `span` that nothing covers.
    func uncovered(_ span: Range<Int>, into pieces: inout [Range<Int>]) {
        var start = span.lowerBound
        for interval in intervals {
            if interval.upperBound <= start { continue }
            if interval.lowerBound >= span.upperBound { break }
            if interval.lowerBound > start { pieces.append(start..<interval.lowerBound) }
            start = interval.upperBound
            if start >= span.upperBound { return }
        }
        if start < span.upperBound { pieces.append(start..<span.upperBound) }
    }

    /// Adds `span` to the covered columns, merging it with the intervals it overlaps or touches.
    mutating func cover(_ span: Range<Int>) {
        guard !span.isEmpty else { return }
        var lower = span.lowerBound
        var upper = span.upperBound
        var first = 0
        while first < intervals.count && intervals[first].upperBound < lower { first += 1 }
        var end = first
        while end < intervals.count && intervals[end].lowerBound <= upper {
            lower = min(lower, intervals[end].lowerBound)
            upper = max(upper, intervals[end].upperBound)
            end += 1
        }
        if end == first {
            intervals.insert(lower..<upper, at: first)
        } else {
            intervals[first] = lower..<upper
            intervals.removeSubrange((first + 1)..<end)
        }
    }
}

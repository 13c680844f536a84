/// The orders a study's tasks are given in: a balanced Latin square (Williams' design), so that
/// across a set of participants every task comes in every place equally often and follows every
/// other task equally often, and no task's learning or fatigue falls on one task alone.
///
/// For n tasks the square has n rows when n is even; when n is odd, the n rows and each of them
/// reversed (2n rows), since no single square of odd order balances the carry-over. Row r is
/// the first row with r added to every task (mod n); the first row is 0, 1, n−1, 2, n−2, 3, ….
public enum TaskOrder {
    /// The rows of the balanced Latin square for `count` tasks (task indices 0..<count).
    public static func balancedLatinSquare(_ count: Int) -> [[Int]] {
        guard count > 0 else { return [] }
        var first = [0]
        var low = 1, high = count - 1
        while first.count < count {
            first.append(low)
            low += 1
            if first.count < count {
                first.append(high)
                high -= 1
            }
        }
        let rows = (0..<count).map { shift in first.map { ($0 + shift) % count } }
        return count % 2 == 0 || count == 1 ? rows : rows + rows.map { Array($0.reversed()) }
    }
}

/// A direction on the screen: horizontal (along x) or vertical (along y).
public enum Axis: String, Hashable, Sendable, CaseIterable {
    /// Along x, left to right.
    case horizontal
    /// Along y, top to bottom.
    case vertical
}

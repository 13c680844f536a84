/// Where a controller's gesture area lies in the screen's hit-test order, front-most first.
///
/// Flutter adds recognizers to a pointer's arena in hit-test order and hands each event to
/// them in that order, so when two claim on the same event the front-most one wins. Its
/// Cupertino back swipe listens on a strip along the edge stacked above the page
/// (`_CupertinoBackGestureDetector`), which is why a touch in that strip goes to the back
/// swipe even though a horizontal drag on the page would accept the same move.
enum HitTestLayer: Int, Comparable, Hashable, Sendable {
    /// A strip along a screen edge, above the page.
    case edgeStrip
    /// The whole page.
    case page

    static func < (lhs: HitTestLayer, rhs: HitTestLayer) -> Bool { lhs.rawValue < rhs.rawValue }
}

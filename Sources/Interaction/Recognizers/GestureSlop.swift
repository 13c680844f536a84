/// How far pointers must travel before a recognizer is sure of its gesture, in points.
///
/// Flutter's `kPanSlop` is twice its `kTouchSlop` so that a directional drag is recognised
/// before a free pan would be; the lab keeps that order with Android's 8-point touch slop for
/// axis-locked drags and Flutter's 18 points for pans and pinches.
enum GestureSlop {
    /// Travel in any direction before a free pan begins (Flutter's `kTouchSlop`), in points.
    static let pan = 18.0
    /// Travel along the axis before an axis-locked drag or an edge pan begins (Android's
    /// `ViewConfiguration` touch slop), in points.
    static let axis = 8.0
    /// Change of the pointers' mean distance to their centroid before a pinch begins
    /// (Flutter's `kScaleSlop`), in points.
    static let scale = 18.0
}

import Engine

/// The numbers besides the release policy that change what a gesture does: how far a pointer
/// travels before a recognizer is sure of it, how deep the edge pan's zone is, and when a
/// velocity tracker takes the pointer to have stopped. Written into every recording's header and
/// honoured on replay, so a change of default never changes what a recorded trace does.
public struct GestureTunables: Hashable, Sendable {
    /// How far from its edge an edge pan may be recognised, in points.
    public var edgeZoneWidth: Double
    /// Travel in any direction before a free pan begins, in points.
    public var panSlop: Double
    /// Travel along the axis before an axis-locked drag or an edge pan begins, in points.
    public var axisSlop: Double
    /// Change of the pointers' mean distance to their centroid before a pinch begins, in points.
    public var scaleSlop: Double
    /// The velocity stop rule: a pointer that has not moved for longer than this is taken to
    /// have stopped (its history starts afresh and a lift reports no velocity), in seconds.
    public var velocityStopTime: Double

    /// Creates tunables; each defaults to the lab's standard value.
    ///
    /// The slops: Flutter's `kPanSlop` is twice its `kTouchSlop` so that a directional drag is
    /// recognised before a free pan would be; the lab keeps that order with Android's 8-point
    /// `ViewConfiguration` touch slop for axis-locked drags and edge pans, and Flutter's 18
    /// points for pans and pinches (`kPanSlop`, `kScaleSlop`). The edge zone is MDTransitioning's
    /// `horizontalOffset`; the stop time is Android's `ASSUME_POINTER_STOPPED_TIME` and
    /// Flutter's `kAssumePointerMoveStoppedMilliseconds`, which agree.
    public init(edgeZoneWidth: Double = 20, panSlop: Double = 18, axisSlop: Double = 8, scaleSlop: Double = 18,
                velocityStopTime: Double = 0.040) {
        self.edgeZoneWidth = edgeZoneWidth
        self.panSlop = panSlop
        self.axisSlop = axisSlop
        self.scaleSlop = scaleSlop
        self.velocityStopTime = velocityStopTime
    }

    /// The values new recordings get.
    public static let standard = GestureTunables()

    /// The values a trace of format 1.0, which has no tunables in its header, was recorded with.
    /// Frozen: they are what those recordings mean, whatever the defaults become.
    public static let formatOnePointZero = GestureTunables(edgeZoneWidth: 20, panSlop: 18, axisSlop: 8, scaleSlop: 18,
                                                           velocityStopTime: 0.040)

    /// The largest value a slop or the edge zone may take, in points.
    public static let maximumDistance = 10_000.0
    /// The largest velocity stop time, in seconds.
    public static let maximumStopTime = 10.0

    /// The velocity stop time in whole microseconds, as the trackers compare sample times.
    public var velocityStopMicroseconds: Int64 { SampleTime.microseconds(velocityStopTime) }

    /// Each tunable with its name as command lines and trace headers spell it, and its range.
    public static var fields: [(name: String, keyPath: WritableKeyPath<GestureTunables, Double>, range: ClosedRange<Double>, unit: String)] {[
        ("edge-zone", \.edgeZoneWidth, 0...maximumDistance, "points"),
        ("pan-slop", \.panSlop, 0...maximumDistance, "points"),
        ("axis-slop", \.axisSlop, 0...maximumDistance, "points"),
        ("scale-slop", \.scaleSlop, 0...maximumDistance, "points"),
        ("velocity-stop", \.velocityStopTime, 0...maximumStopTime, "seconds"),
    ]}

    /// A problem with one tunable's value, or nil when every value is within its range.
    public var problem: String? {
        for field in Self.fields {
            let value = self[keyPath: field.keyPath]
            guard value.isFinite, field.range.contains(value) else {
                return "\(field.name) must be a number of \(field.unit) in \(DecimalFormat.string(field.range.lowerBound, decimals: 6))…\(DecimalFormat.string(field.range.upperBound, decimals: 6)), got \(DecimalFormat.string(value, decimals: 6))"
            }
        }
        return nil
    }
}

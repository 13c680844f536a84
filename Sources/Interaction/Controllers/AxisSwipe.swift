import Engine

/// What VCTransitionsLibrary's horizontal and vertical swipes share: progress is the travel
/// along the axis over the swipe distance, whichever way it goes (`fabs(translation / 200)`).
/// A grab of a completing transition continues signed, in the direction the last release
/// finished towards, so moving back undoes it.
struct AxisSwipe {
    /// The axis the swipe follows (horizontal or vertical).
    let axis: DragAxis
    /// Points of travel for progress 1.
    let distance: Double
    /// +1 when progress grows with motion towards +x (or +y), −1 towards −x (or −y).
    private(set) var finishingSign = 1.0

    /// Creates the swipe rule for `axis` over `distance` points.
    init(axis: DragAxis, distance: Double) {
        self.axis = axis
        self.distance = distance
    }

    /// The component of `vector` along the axis.
    func component(_ vector: Point) -> Double { component(vector.x, vector.y) }

    /// `horizontal` or `vertical`, whichever lies along the axis.
    func component(_ horizontal: Double, _ vertical: Double) -> Double { axis == .vertical ? vertical : horizontal }

    /// The progress `translation` adds: |travel| / distance, or signed for a grab.
    ///
    /// With `singlePrecision`, as VCTransitionsLibrary computes it,
    /// `fminf(fmaxf(fabsf(translation / 200.0), 0.0), 1.0)`: the C float functions round the
    /// fraction to single precision, so a travel a few millionths of a point past half the
    /// distance still reads exactly 0.5 and does not finish. Only the seed's own policy does
    /// this (``ThresholdPolicy/computesProgressInSinglePrecision``); every other rule compares
    /// the fraction itself, as the code `export-policy` writes does.
    func travel(_ translation: Point, isGrab: Bool, singlePrecision: Bool) -> Double {
        let along = component(translation)
        guard !isGrab else { return along * finishingSign / distance }
        let fraction = (along / distance).magnitude
        return singlePrecision ? Double(min(max(Float(fraction), 0), 1)) : min(max(fraction, 0), 1)
    }

    /// Fixes the finishing direction when the swipe takes hold: the way it is moving, or the
    /// way the last release went when it grabbed a completing transition.
    mutating func takeHold(translation: Point, isGrab: Bool) {
        guard !isGrab else { return }
        finishingSign = component(translation) < 0 ? -1 : 1
    }

    /// The release measurement: velocity towards finishing, over a screen of `extent` points;
    /// `exactProgress`, when progress was rounded to single precision, is what it was before.
    func measurement(progress: Double, exactProgress: Double?, velocity: Point, extent: Double) -> ReleaseMeasurement {
        var measurement = ReleaseMeasurement(progress: progress, velocity: component(velocity) * finishingSign,
                                             pointsPerProgress: distance, screenExtent: extent)
        measurement.progressBeforeSinglePrecision = exactProgress
        return measurement
    }
}

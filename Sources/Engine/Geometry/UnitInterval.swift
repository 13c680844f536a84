extension Double {
    /// This value limited to 0…1: fractions of a curve, progress that drives an opacity or a
    /// shade, which a rubber band may push outside.
    var clampedToUnitInterval: Double { Swift.min(Swift.max(self, 0), 1) }
}

import Interaction

/// A touch screen's axis ranges given on the command line instead of a `getevent -p`
/// description, in device units: a multi-touch protocol B device.
public struct GeteventRanges: Hashable, Sendable {
    /// ABS_MT_POSITION_X's minimum and maximum.
    public var x: ClosedRange<Int32>
    /// ABS_MT_POSITION_Y's minimum and maximum.
    public var y: ClosedRange<Int32>
    /// ABS_MT_SLOT's range: slots outside it are errors.
    public var slots: ClosedRange<Int32>
    /// ABS_MT_PRESSURE's range, when pressure is to be read.
    public var pressure: ClosedRange<Int32>?
    /// ABS_MT_TOUCH_MAJOR's range, when contact size is to be read.
    public var touchMajor: ClosedRange<Int32>?

    /// The slots accepted unless told otherwise: as many as the lab lets be down at once.
    public static let defaultSlots: ClosedRange<Int32> = 0...Int32(PointerSequenceChecker.maximumSimultaneousPointers - 1)

    /// Ranges of a protocol B device; `x` and `y` must not be empty (checked by ``parse(_:option:)``).
    public init(x: ClosedRange<Int32>, y: ClosedRange<Int32>, slots: ClosedRange<Int32> = GeteventRanges.defaultSlots,
                pressure: ClosedRange<Int32>? = nil, touchMajor: ClosedRange<Int32>? = nil) {
        self.x = x
        self.y = y
        self.slots = slots
        self.pressure = pressure
        self.touchMajor = touchMajor
    }

    /// `MIN:MAX` as a range of device units, or a message naming `option` (MAX must exceed MIN).
    public static func parse(_ text: String, option: String) -> Result<ClosedRange<Int32>, GeteventRangeError> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let low = Int32(parts[0]), let high = Int32(parts[1]) else {
            return .failure(GeteventRangeError(description: "\(option) needs MIN:MAX in device units (whole numbers), e.g. 0:1599; got '\(text.prefix(40))'"))
        }
        guard high > low else {
            return .failure(GeteventRangeError(description: "\(option) \(low):\(high) is empty: MAX must be above MIN"))
        }
        return .success(low...high)
    }

    /// The device these ranges describe, named `name`.
    func device(name: String) -> EvdevDevice {
        func axis(_ range: ClosedRange<Int32>) -> AbsoluteAxis {
            AbsoluteAxis(minimum: range.lowerBound, maximum: range.upperBound, resolution: 0, line: 0)
        }
        var axes: [UInt16: AbsoluteAxis] = [EvdevCode.positionX: axis(x), EvdevCode.positionY: axis(y), EvdevCode.slot: axis(slots)]
        if let pressure { axes[EvdevCode.multiTouchPressure] = axis(pressure) }
        if let touchMajor { axes[EvdevCode.touchMajor] = axis(touchMajor) }
        return EvdevDevice(name: name, axes: axes, file: "the command line")
    }
}

/// A range given on the command line that cannot be used.
public struct GeteventRangeError: Error, Hashable, CustomStringConvertible {
    /// What is wrong, naming the option.
    public let description: String
}

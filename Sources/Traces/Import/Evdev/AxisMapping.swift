import Engine
import Interaction

/// Places a device's positions in the window.
///
/// When both position axes give a resolution (units per millimetre), the device's physical
/// shape is kept: it is scaled uniformly to fit the window and centred, so a circle drawn on
/// the device stays a circle. Without resolutions the physical shape is unknown, and the axes
/// are stretched to fill the window, as a touch screen's axes cover its display.
struct AxisMapping {
    /// The device position at the left and top edges of the mapped area, in device units.
    private let origin: (x: Double, y: Double)
    /// Window points per device unit.
    private let scale: (x: Double, y: Double)
    /// Where the device's minimum corner lands, in points.
    private let offset: Point

    /// A mapping of the `x` and `y` axes (named `xName` and `yName` in errors, described in `file`) onto `window`.
    init(x: AbsoluteAxis, y: AbsoluteAxis, xName: String, yName: String, window: Size, file: String) throws(TraceError) {
        for (axis, name) in [(x, xName), (y, yName)] where axis.maximum <= axis.minimum {
            throw TraceError(file: file, line: axis.line, problem: "\(name) has an empty range (\(axis.minimum)…\(axis.maximum)), so positions cannot be placed")
        }
        let width = Double(x.maximum) - Double(x.minimum)
        let height = Double(y.maximum) - Double(y.minimum)
        origin = (Double(x.minimum), Double(y.minimum))
        if x.resolution > 0, y.resolution > 0 {
            let millimetres = (x: width / Double(x.resolution), y: height / Double(y.resolution))
            let pointsPerMillimetre = min(window.width / millimetres.x, window.height / millimetres.y)
            scale = (pointsPerMillimetre / Double(x.resolution), pointsPerMillimetre / Double(y.resolution))
            offset = Point(x: (window.width - millimetres.x * pointsPerMillimetre) / 2,
                           y: (window.height - millimetres.y * pointsPerMillimetre) / 2)
        } else {
            scale = (window.width / width, window.height / height)
            offset = .zero
        }
    }

    /// The window position of device position (`x`, `y`), in points.
    func position(x: Int32, y: Int32) -> Point {
        Point(x: offset.x + (Double(x) - origin.x) * scale.x, y: offset.y + (Double(y) - origin.y) * scale.y)
    }

    /// A contact's diameter in points from its ABS_MT_TOUCH_MAJOR in device units, scaled by the
    /// geometric mean of the two axes' scales (which keeps the contact's area).
    func contactSize(_ touchMajor: Int32) -> Double {
        Double(touchMajor) * (scale.x * scale.y).squareRoot()
    }
}

import Interaction

/// The Linux input event types and codes the importers read (values from the kernel's
/// `linux/input-event-codes.h`), and names for the others, for messages and counts.
enum EvdevCode {
    static let synchronization: UInt16 = 0x00
    static let key: UInt16 = 0x01
    static let absolute: UInt16 = 0x03
    /// The highest event type the kernel defines (EV_MAX).
    static let maximumType: UInt16 = 0x1f
    /// The highest absolute axis code the kernel defines (ABS_MAX).
    static let maximumAxis: UInt16 = 0x3f

    static let synReport: UInt16 = 0
    static let synMultiTouchReport: UInt16 = 2
    static let synDropped: UInt16 = 3

    static let x: UInt16 = 0x00
    static let y: UInt16 = 0x01
    static let pressure: UInt16 = 0x18
    static let slot: UInt16 = 0x2f
    static let touchMajor: UInt16 = 0x30
    static let positionX: UInt16 = 0x35
    static let positionY: UInt16 = 0x36
    static let trackingID: UInt16 = 0x39
    static let multiTouchPressure: UInt16 = 0x3a
    static let buttonTouch: UInt16 = 0x14a

    private static let typeNames: [UInt16: String] = [
        0x00: "EV_SYN", 0x01: "EV_KEY", 0x02: "EV_REL", 0x03: "EV_ABS", 0x04: "EV_MSC", 0x05: "EV_SW",
        0x11: "EV_LED", 0x12: "EV_SND", 0x14: "EV_REP", 0x15: "EV_FF", 0x16: "EV_PWR", 0x17: "EV_FF_STATUS",
    ]
    private static let synNames: [UInt16: String] = [0: "SYN_REPORT", 1: "SYN_CONFIG", 2: "SYN_MT_REPORT", 3: "SYN_DROPPED"]
    private static let axisNames: [UInt16: String] = [
        0x00: "ABS_X", 0x01: "ABS_Y", 0x02: "ABS_Z", 0x03: "ABS_RX", 0x04: "ABS_RY", 0x05: "ABS_RZ", 0x06: "ABS_THROTTLE",
        0x07: "ABS_RUDDER", 0x08: "ABS_WHEEL", 0x09: "ABS_GAS", 0x0a: "ABS_BRAKE", 0x10: "ABS_HAT0X", 0x11: "ABS_HAT0Y",
        0x18: "ABS_PRESSURE", 0x19: "ABS_DISTANCE", 0x1a: "ABS_TILT_X", 0x1b: "ABS_TILT_Y", 0x1c: "ABS_TOOL_WIDTH",
        0x20: "ABS_VOLUME", 0x21: "ABS_PROFILE", 0x28: "ABS_MISC", 0x2f: "ABS_MT_SLOT", 0x30: "ABS_MT_TOUCH_MAJOR", 0x31: "ABS_MT_TOUCH_MINOR",
        0x32: "ABS_MT_WIDTH_MAJOR", 0x33: "ABS_MT_WIDTH_MINOR", 0x34: "ABS_MT_ORIENTATION", 0x35: "ABS_MT_POSITION_X",
        0x36: "ABS_MT_POSITION_Y", 0x37: "ABS_MT_TOOL_TYPE", 0x38: "ABS_MT_BLOB_ID", 0x39: "ABS_MT_TRACKING_ID",
        0x3a: "ABS_MT_PRESSURE", 0x3b: "ABS_MT_DISTANCE", 0x3c: "ABS_MT_TOOL_X", 0x3d: "ABS_MT_TOOL_Y",
    ]
    private static let keyNames: [UInt16: String] = [
        0x110: "BTN_LEFT", 0x111: "BTN_RIGHT", 0x112: "BTN_MIDDLE", 0x140: "BTN_TOOL_PEN", 0x141: "BTN_TOOL_RUBBER",
        0x145: "BTN_TOOL_FINGER", 0x14a: "BTN_TOUCH", 0x14b: "BTN_STYLUS", 0x14c: "BTN_STYLUS2",
        0x14d: "BTN_TOOL_DOUBLETAP", 0x14e: "BTN_TOOL_TRIPLETAP", 0x14f: "BTN_TOOL_QUADTAP", 0x148: "BTN_TOOL_QUINTTAP",
    ]
    private static let miscellaneousNames: [UInt16: String] = [0x04: "MSC_SCAN", 0x05: "MSC_TIMESTAMP"]

    /// The kernel's name for an event (`ABS_MT_POSITION_X`), or `EV_ABS 0x3e` for codes without one here.
    static func name(type: UInt16, code: UInt16) -> String {
        if let name = codeNames(of: type)?[code] { return name }
        return "\(typeName(type)) \(hex(code))"
    }

    /// The names this table knows for the codes of event type `type`, nil for other types.
    private static func codeNames(of type: UInt16) -> [UInt16: String]? {
        switch type {
        case synchronization: synNames
        case key: keyNames
        case absolute: axisNames
        case 0x04: miscellaneousNames
        default: nil
        }
    }

    /// The event type a name gives (`EV_ABS` → 0x03), nil for names it does not know.
    static func type(named name: Substring) -> UInt16? {
        typeNames.first { $0.value == name }?.key
    }

    /// The code of type `type` that `name` gives (`ABS_MT_SLOT` → 0x2f), nil for names it does
    /// not know.
    static func code(named name: Substring, type: UInt16) -> UInt16? {
        codeNames(of: type)?.first { $0.value == name }?.key
    }

    /// The value a name stands for where getevent's `-l` prints one (`DOWN` for a key's 1,
    /// `MT_TOOL_PEN` for ABS_MT_TOOL_TYPE's 1), nil for names it does not know.
    static func value(named name: Substring, type: UInt16, code: UInt16) -> Int32? {
        switch type {
        case key: return keyValueNames[name]
        case absolute where code == toolType: return toolTypeNames[name]
        default: return nil
        }
    }

    static let toolType: UInt16 = 0x37
    private static let keyValueNames: [Substring: Int32] = ["UP": 0, "DOWN": 1, "REPEAT": 2]
    private static let toolTypeNames: [Substring: Int32] = ["MT_TOOL_FINGER": 0, "MT_TOOL_PEN": 1, "MT_TOOL_PALM": 2, "MT_TOOL_DIAL": 0x0a]

    /// The name of an absolute axis (`ABS_MT_SLOT`).
    static func axisName(_ code: UInt16) -> String { name(type: absolute, code: code) }

    /// `EV_ABS`, or `type 0x1e` for types without a name here.
    static func typeName(_ type: UInt16) -> String { typeNames[type] ?? "type \(hex(type))" }

    /// `0x2f`: at least two hexadecimal digits.
    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }
}

import Interaction

/// How a touch device reports its contacts (the kernel's `Documentation/input/multi-touch-protocol`).
enum TouchProtocol: Hashable {
    /// Protocol B: contacts in slots (ABS_MT_SLOT), each tracked by ABS_MT_TRACKING_ID.
    case slots(ClosedRange<Int32>)
    /// Protocol A: every frame lists every contact, each ended by SYN_MT_REPORT, with no identity.
    case anonymousContacts
    /// One contact: ABS_X and ABS_Y while BTN_TOUCH is down.
    case singleTouch
}

/// An input device as a recording describes it: its name and its absolute axes.
struct EvdevDevice: Hashable {
    /// The kernel's name for it.
    var name: String
    /// Absolute axes by code.
    var axes: [UInt16: AbsoluteAxis]
    /// The file that described it, named in errors about its axes.
    var file: String

    /// The protocol its axes imply: protocol B with ABS_MT_SLOT, protocol A with multi-touch
    /// positions but no slots, single touch with only ABS_X and ABS_Y; nil without positions.
    var touchProtocol: TouchProtocol? {
        if axes[EvdevCode.positionX] != nil, axes[EvdevCode.positionY] != nil {
            if let slot = axes[EvdevCode.slot] { return .slots(slot.minimum...max(slot.minimum, slot.maximum)) }
            return .anonymousContacts
        }
        if axes[EvdevCode.x] != nil, axes[EvdevCode.y] != nil { return .singleTouch }
        return nil
    }

    /// The header's description: kind touch, the name, and the ranges of the axes the import used.
    func headerDevice(usesPressure: Bool, usesSize: Bool) -> TraceHeader.Device {
        let multiTouch = touchProtocol != .singleTouch
        var ranges: [String: ClosedRange<Double>] = [:]
        ranges["x"] = axes[multiTouch ? EvdevCode.positionX : EvdevCode.x]?.range
        ranges["y"] = axes[multiTouch ? EvdevCode.positionY : EvdevCode.y]?.range
        if usesPressure { ranges["pressure"] = axes[multiTouch ? EvdevCode.multiTouchPressure : EvdevCode.pressure]?.range }
        if usesSize { ranges["size"] = axes[EvdevCode.touchMajor]?.range }
        return TraceHeader.Device(kind: .touch, name: name, axes: ranges)
    }
}

import Engine
import Interaction

/// The fast path of trace loading: reads one event written the way ``TraceWriter`` writes it
/// (a flat object of numbers and plain strings on one line) straight from the bytes, with no
/// allocation. Anything else — escapes, exponents, nested values, unknown keys, malformed
/// text — makes it give up without consuming anything, and the general parser takes over, so
/// every message about bad input comes from one place.
enum FastEventScanner {
    /// True, with `position` moved past it, when `literal` comes next in `bytes`.
    @inline(__always)
    private static func take(_ literal: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard bytes.count - position >= length else { return false }
        let text = literal.utf8Start
        for offset in 0..<length where bytes[position + offset] != text[offset] { return false }
        position += length
        return true
    }

    /// A pointer kind's name and its closing quote, or nil (nothing taken) for anything else.
    @inline(__always)
    private static func takeKind(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> PointerKind? {
        if take("touch\"", bytes, &position) { return .touch }
        if take("mouse\"", bytes, &position) { return .mouse }
        if take("pen\"", bytes, &position) { return .pen }
        return nil
    }

    /// A pointer phase's name and its closing quote, or nil (nothing taken) for anything else.
    @inline(__always)
    private static func takePhase(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> PointerPhase? {
        if take("move\"", bytes, &position) { return .move }
        if take("down\"", bytes, &position) { return .down }
        if take("up\"", bytes, &position) { return .up }
        if take("cancel\"", bytes, &position) { return .cancel }
        return nil
    }

    /// The fields ``scanEvent(_:from:)`` has read, one bit each.
    private struct SeenKeys: OptionSet {
        let rawValue: UInt8
        static let t = SeenKeys(rawValue: 1), id = SeenKeys(rawValue: 2), kind = SeenKeys(rawValue: 4)
        static let phase = SeenKeys(rawValue: 8), x = SeenKeys(rawValue: 16), y = SeenKeys(rawValue: 32)
        static let pressure = SeenKeys(rawValue: 64), size = SeenKeys(rawValue: 128)
        static let required: SeenKeys = [.t, .id, .kind, .phase, .x, .y]
    }

    /// ``scanEvent(_:from:)`` for an event laid out exactly as ``PointerEventCoding`` writes
    /// it — keys in its order, no spaces — which is almost every event of a trace: each key is
    /// expected rather than searched for. Nil for any other layout, which
    /// ``scanEvent(_:from:)`` then reads.
    @inline(__always)
    private static func scanWrittenEvent(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, event: PointerEvent)? {
        var position = start
        @inline(__always) func take(_ literal: StaticString) -> Bool { Self.take(literal, bytes, &position) }
        guard take("{\"t\":"), let time = scanNumber(bytes, &position),
              take(",\"id\":"), let identifier = scanNumber(bytes, &position),
              take(",\"kind\":\"") else { return nil }
        guard let kind = takeKind(bytes, &position), take(",\"phase\":\""), let phase = takePhase(bytes, &position) else { return nil }
        guard take(",\"x\":"), let x = scanNumber(bytes, &position),
              take(",\"y\":"), let y = scanNumber(bytes, &position) else { return nil }
        var pressure: Double?, size: Double?
        if take(",\"pressure\":") {
            guard let number = scanNumber(bytes, &position) else { return nil }
            pressure = number
        }
        if take(",\"size\":") {
            guard let number = scanNumber(bytes, &position) else { return nil }
            size = number
        }
        guard take("}") else { return nil }
        return checkedEvent(end: position, time: time, identifier: identifier, kind: kind, phase: phase, x: x, y: y, pressure: pressure, size: size)
    }

    /// The event, if its values pass every rule of ``PointerEventCoding``.
    @inline(__always)
    private static func checkedEvent(end: Int, time: Double, identifier: Double, kind: PointerKind, phase: PointerPhase,
                                     x: Double, y: Double, pressure: Double?, size: Double?) -> (end: Int, event: PointerEvent)? {
        guard PointerEventCoding.isValidTime(time), PointerEventCoding.isValidIdentifier(identifier),
              PointerEventCoding.isValidCoordinate(x), PointerEventCoding.isValidCoordinate(y) else { return nil }
        if let pressure, !PointerEventCoding.isValidPressure(pressure) { return nil }
        if let size, !PointerEventCoding.isValidSize(size) { return nil }
        return (end, PointerEvent(pointerID: Int(identifier), kind: kind, phase: phase, position: Point(x: x, y: y),
                                  timestamp: time, pressure: pressure, contactSize: size))
    }

    /// One event, from `start` in `bytes`, decoded and checked with no allocation: the event
    /// and the offset just past it, or nil — having consumed nothing — for anything the one-
    /// event path must read or report: an unknown or repeated key, predictions, escapes, a
    /// number not plain, a value the rules of ``PointerEventCoding`` refuse, an event larger
    /// than ``TraceLimits/eventBytes``, or the end of `bytes` inside the event. Each value is
    /// decoded as the general parser decodes it, so an event it reads is exactly the one the
    /// general path reads. It never crosses a newline, so the line count stays the caller's.
    static func scanEvent(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, event: PointerEvent)? {
        if let written = scanWrittenEvent(bytes, from: start) { return written }
        var position = start
        let count = bytes.count
        @inline(__always) func skipSpaces() {
            while position < count, bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0D { position += 1 }
        }
        @inline(__always) func take(_ literal: StaticString) -> Bool { Self.take(literal, bytes, &position) }
        skipSpaces()
        guard position < count, bytes[position] == UInt8(ascii: "{") else { return nil }
        let open = position
        position += 1
        var seen: SeenKeys = []
        var time = 0.0, identifier = 0.0, x = 0.0, y = 0.0
        var pressure: Double?, size: Double?
        var kind = PointerKind.touch, phase = PointerPhase.move
        while true {
            skipSpaces()
            guard position < count, bytes[position] == UInt8(ascii: "\"") else { return nil }
            position += 1
            guard position < count else { return nil }
            // Each key with its closing quote, so a longer key that starts alike is no match.
            let key: SeenKeys
            switch bytes[position] {
            case UInt8(ascii: "t") where take("t\""): key = .t
            case UInt8(ascii: "i") where take("id\""): key = .id
            case UInt8(ascii: "k") where take("kind\""): key = .kind
            case UInt8(ascii: "p") where take("phase\""): key = .phase
            case UInt8(ascii: "p") where take("pressure\""): key = .pressure
            case UInt8(ascii: "x") where take("x\""): key = .x
            case UInt8(ascii: "y") where take("y\""): key = .y
            case UInt8(ascii: "s") where take("size\""): key = .size
            default: return nil
            }
            guard !seen.contains(key) else { return nil }
            seen.insert(key)
            skipSpaces()
            guard position < count, bytes[position] == UInt8(ascii: ":") else { return nil }
            position += 1
            skipSpaces()
            if key == .kind || key == .phase {
                guard position < count, bytes[position] == UInt8(ascii: "\"") else { return nil }
                position += 1
                if key == .kind {
                    guard let named = takeKind(bytes, &position) else { return nil }
                    kind = named
                } else {
                    guard let named = takePhase(bytes, &position) else { return nil }
                    phase = named
                }
            } else {
                guard let number = scanNumber(bytes, &position) else { return nil }
                switch key {
                case .t: time = number
                case .id: identifier = number
                case .x: x = number
                case .y: y = number
                case .pressure: pressure = number
                default: size = number
                }
            }
            skipSpaces()
            guard position < count else { return nil }
            let separator = bytes[position]
            position += 1
            if separator == UInt8(ascii: "}") { break }
            guard separator == UInt8(ascii: ",") else { return nil }
        }
        // An event padded past its size limit is left for the general parser to refuse.
        guard seen.isSuperset(of: .required), position - open <= TraceLimits.eventBytes else { return nil }
        return checkedEvent(end: position, time: time, identifier: identifier, kind: kind, phase: phase, x: x, y: y, pressure: pressure, size: size)
    }

    /// 10^`exponent` for 0…15, each exact in a Double; a switch rather than a table so that
    /// the hot loop touches no lazily made global.
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        default: 1e15
        }
    }

    /// A plain decimal `-?digits(.digits)?` of at most 15 digits, from `position`, converted exactly
    /// (one correctly rounded division); nil for anything else.
    @inline(__always)
    static func scanNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Double? {
        let count = bytes.count
        var negative = false
        if position < count, bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var mantissa: UInt64 = 0
        let integerStart = position
        let integerDigits = appendDigits(bytes, &position, to: &mantissa)
        guard integerDigits > 0, !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) else { return nil }
        var digits = integerDigits
        var fractionDigits = 0
        if position < count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            fractionDigits = appendDigits(bytes, &position, to: &mantissa)
            digits += fractionDigits
            guard fractionDigits > 0 else { return nil }
        }
        if position < count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") { return nil }
        guard digits <= 15 else { return nil }
        let value = Double(mantissa) / powerOfTen(fractionDigits)
        return negative ? -value : value
    }

    /// Reads the run of decimal digits at `position`, appending them to `mantissa` (which
    /// wraps past 19 digits: the caller refuses more than 15); returns how many there were.
    /// Eight bytes at a time where eight remain (SWAR: the digits are found and combined in
    /// one 64-bit word), byte by byte at the end of the bytes.
    @inline(__always)
    private static func appendDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, to mantissa: inout UInt64) -> Int {
        let start = position
        let count = bytes.count
        if let base = bytes.baseAddress {
            while count - position >= 8 {
                // Little-endian: the byte at `position` is the word's lowest. A digit becomes
                // 0…9 with neither its high nibble nor that of itself + 6 set; anything else
                // sets one (a carry only reaches bytes after a non-digit, which are not used).
                let digitsOrNot = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)) ^ 0x3030_3030_3030_3030
                let notDigits = (digitsOrNot | (digitsOrNot &+ 0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0
                let run = notDigits.trailingZeroBitCount / 8
                if run > 0 {
                    // The run's digits moved to the top bytes, zeros (leading zeros) below them,
                    // then pairs, fours and eights of digits combined.
                    var value = digitsOrNot << UInt64(64 - 8 * run)
                    value = ((value & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
                    value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
                    value = ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
                    mantissa = mantissa &* wholePowerOfTen(run) &+ value
                    position += run
                }
                if run < 8 { return position - start }
            }
        }
        while position < count, bytes[position] &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ UInt64(bytes[position] &- UInt8(ascii: "0"))
            position += 1
        }
        return position - start
    }

    /// 10^`exponent` for 1…8.
    @inline(__always)
    private static func wholePowerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 1: 10
        case 2: 100
        case 3: 1000
        case 4: 10000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: 100_000_000
        }
    }
}

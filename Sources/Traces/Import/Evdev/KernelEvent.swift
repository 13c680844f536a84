import Interaction

/// One Linux input event as recorded (`struct input_event`), with the source line it came from.
struct KernelEvent: Hashable {
    /// The 1-based line in the recording.
    var line: Int
    /// The kernel's timestamp in microseconds (seconds × 10⁶ + microseconds).
    var microseconds: Int64
    /// Nanoseconds past ``microseconds`` (0…999), from a source that writes times finer than
    /// the kernel's microseconds; 0 for the recordings that do not.
    var nanoseconds: Int16 = 0
    /// The event type (EV_SYN, EV_KEY, EV_ABS, …).
    var type: UInt16
    /// The event code within its type.
    var code: UInt16
    /// The value.
    var value: Int32
    /// The name the source gave an event whose code it did not number (getevent's labels for
    /// keys and switches the lab never reads), used in place of the code's name when counted.
    var label: String? = nil

    /// The digits a time may have after its point: 6 (microseconds, as getevent and evemu write
    /// them) to 9 (nanoseconds).
    static let fractionDigits = 6...9

    /// The largest seconds field accepted, so that the time in microseconds cannot overflow.
    static let secondsLimit: Int64 = 1 << 40

    /// The timestamp in microseconds from seconds and microseconds fields, or an error naming the line.
    static func microseconds(seconds: Int64, microseconds: Int64, file: String, line: Int) throws(TraceError) -> Int64 {
        guard (0...secondsLimit).contains(seconds) else {
            throw TraceError(file: file, line: line, problem: "time \(seconds) s is out of range (0…\(secondsLimit) s)")
        }
        guard (0...999_999).contains(microseconds) else {
            throw TraceError(file: file, line: line, problem: "microseconds \(microseconds) is out of range (0…999999)")
        }
        return seconds * 1_000_000 + microseconds
    }

    /// The time written `SECONDS.FRACTION` (6 to 9 digits after the point) in microseconds and
    /// the nanoseconds past them, or an error naming the line.
    static func time(_ text: Substring, file: String, line: Int) throws(TraceError) -> (microseconds: Int64, nanoseconds: Int16) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, fractionDigits.contains(parts[1].count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(ImportSource.isDigit) }) else {
            throw TraceError(file: file, line: line, problem: "time '\(text.prefix(30))' is not SECONDS.MICROSECONDS with six digits after the point (or up to nine, nanoseconds)")
        }
        let fraction = parts[1]
        let micro = fraction.prefix(6), nano = String(fraction.dropFirst(6)).padded(toLength: 3, with: "0")
        let microseconds = try Self.microseconds(seconds: NumberField.integer(parts[0], what: "seconds", file: file, line: line),
                                                 microseconds: NumberField.integer(micro, what: "microseconds", file: file, line: line),
                                                 file: file, line: line)
        return (microseconds, Int16(nano) ?? 0)
    }
}

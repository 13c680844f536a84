import Interaction

/// One Linux input event as recorded (`struct input_event`), with the source line it came from.
struct KernelEvent: Hashable {
    /// The 1-based line in the recording.
    var line: Int
    /// The kernel's timestamp in microseconds (seconds × 10⁶ + microseconds).
    var microseconds: Int64
    /// The event type (EV_SYN, EV_KEY, EV_ABS, …).
    var type: UInt16
    /// The event code within its type.
    var code: UInt16
    /// The value.
    var value: Int32
    /// The name the source gave an event whose code it did not number (getevent's labels for
    /// keys and switches the lab never reads), used in place of the code's name when counted.
    var label: String? = nil

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
}

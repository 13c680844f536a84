/// Resamples a stream of pointer events to frame times: events go in as they arrive, and each
/// frame takes out what the frame should dispatch (positions moved to the frame's sample time).
///
/// A resampler is a value; the ``Stage`` keeps one when resampling is on, so live input,
/// window replay and headless replay resample alike.
public protocol PointerResampler {
    /// Takes one event as it arrives; returns what is dispatched at once, before any frame.
    mutating func add(_ event: PointerEvent) -> [PointerEvent]
    /// The events to dispatch for the frame at `frameTime` seconds, in order; each is stamped
    /// with the time it stands for, which may be before `frameTime`.
    mutating func frame(at frameTime: Double) -> [PointerEvent]
    /// Every event still held, unchanged, as the reference's stop does.
    mutating func flush() -> [PointerEvent]
    /// True while events are held for a later frame.
    var hasPendingEvents: Bool { get }
}

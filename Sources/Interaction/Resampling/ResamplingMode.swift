/// How the stage resamples pointer input to frame times.
public enum ResamplingMode: String, Hashable, Sendable, CaseIterable {
    /// Events are dispatched as they arrive.
    case off
    /// Flutter's `PointerEventResampler` as its gestures binding drives it: sampled 38 ms
    /// before each frame, with the next sample 16.667 ms later.
    case flutter
    /// Android's `InputConsumer`: moves batched per frame and resampled 5 ms before it.
    case android

    /// The frame interval the stage samples at, in seconds: Flutter's `_samplingInterval`
    /// (16 667 µs, 60 Hz), used for every mode so that live, replay and headless runs sample at
    /// the same times whatever the window's own frame rate.
    public static let frameInterval = 0.016_667

    /// A fresh resampler for this mode, nil for ``off``.
    public func makeResampler() -> (any PointerResampler)? {
        switch self {
        case .off: nil
        case .flutter: FlutterResampling()
        case .android: AndroidResampling()
        }
    }
}

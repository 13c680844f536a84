/// Android's `InputConsumer` with touch resampling on (libs/input): moves are batched until a
/// frame consumes them; the frame's sample time is `RESAMPLE_LATENCY` before the frame, every
/// batched move up to it is delivered, and one resampled sample at the sample time is added —
/// interpolated towards the next batched move, or extrapolated from the last two, never more
/// than `RESAMPLE_MAX_PREDICTION` nor half the last interval ahead.
///
/// Ported from the behaviour its tests pin down (Fixtures/ResamplingReferences/android); one
/// device, times in nanoseconds. Positions stay in double precision; the interpolation factor
/// is single precision, as Android computes it.
struct AndroidInputConsumer {
    /// `RESAMPLE_LATENCY`: samples lag the frame by 5 ms.
    static let resampleLatency: Int64 = 5_000_000
    /// `RESAMPLE_MIN_DELTA`: samples closer than 2 ms are not resampled between.
    static let resampleMinDelta: Int64 = 2_000_000
    /// `RESAMPLE_MAX_DELTA`: samples further than 20 ms apart are not extrapolated from.
    static let resampleMaxDelta: Int64 = 20_000_000
    /// `RESAMPLE_MAX_PREDICTION`: extrapolation reaches at most 8 ms past the last sample.
    static let resampleMaxPrediction: Int64 = 8_000_000

    private var channel: [AndroidMotionMessage] = []
    private var channelStart = 0
    private var batch: [AndroidMotionMessage] = []
    private var deferred: AndroidMotionMessage?
    private var touchState: AndroidTouchState?

    /// True while published messages or batched moves wait to be consumed.
    var hasPendingMessages: Bool { channelStart < channel.count || !batch.isEmpty || deferred != nil }

    /// Sends one message down the channel.
    mutating func publish(_ message: AndroidMotionMessage) { channel.append(message) }

    /// The next event: a message that is not batched as soon as it is read; with
    /// `consumeBatches`, the batched moves due by `frameTime` ns, resampled (all of them, as
    /// they are, when `frameTime` is negative). Nil when there is nothing to hand out.
    mutating func consume(consumeBatches: Bool, frameTime: Int64) -> AndroidMotionEvent? {
        while true {
            let message: AndroidMotionMessage
            if let held = deferred {
                message = held
                deferred = nil
            } else if channelStart < channel.count {
                message = channel[channelStart]
                channelStart += 1
                if channelStart == channel.count { channel.removeAll(keepingCapacity: true); channelStart = 0 }
            } else {
                return consumeBatches ? consumeBatch(frameTime: frameTime) : nil
            }
            if !batch.isEmpty {
                if canAddSample(message) {
                    batch.append(message)
                    continue
                }
                if message.action == .cancel {
                    // Android drops the moves a cancel makes moot.
                    batch.removeAll()
                } else {
                    // The batch cannot take the message: it goes out now, unresampled, and the
                    // message waits for the next call.
                    deferred = message
                    let event = consumeSamples(batch.count)
                    return event
                }
            }
            if message.action == .move {
                batch.append(message)
                continue
            }
            var updated = message
            updateTouchState(&updated)
            return AndroidMotionEvent(action: updated.action, samples: [.init(time: updated.time, pointers: updated.pointers)])
        }
    }

    /// `canAddSample`: same action and the same pointers in the same order as the batch's first.
    private func canAddSample(_ message: AndroidMotionMessage) -> Bool {
        guard let head = batch.first, head.action == message.action, head.pointers.count == message.pointers.count else { return false }
        return zip(head.pointers, message.pointers).allSatisfy { $0.id == $1.id }
    }

    /// `consumeBatch`: the batched moves due by the sample time, plus a resampled sample; a
    /// negative `frameTime` takes the whole batch as it is.
    private mutating func consumeBatch(frameTime: Int64) -> AndroidMotionEvent? {
        guard !batch.isEmpty else { return nil }
        if frameTime < 0 { return consumeSamples(batch.count) }
        let sampleTime = frameTime - Self.resampleLatency
        // findSampleNoLaterThan
        let due = batch.prefix { $0.time <= sampleTime }.count
        guard due > 0 else { return nil }
        var event = consumeSamples(due)
        resample(&event, at: sampleTime, next: batch.first)
        return event
    }

    /// The first `count` batched messages as one event, each through the touch state.
    private mutating func consumeSamples(_ count: Int) -> AndroidMotionEvent {
        var samples: [AndroidMotionEvent.Sample] = []
        for index in 0..<count {
            var message = batch[index]
            updateTouchState(&message)
            samples.append(.init(time: message.time, pointers: message.pointers))
        }
        let action = batch[0].action
        batch.removeFirst(count)
        return AndroidMotionEvent(action: action, samples: samples)
    }

    /// `updateTouchState`: remembers real samples and rewrites positions the last resample
    /// still stands for.
    private mutating func updateTouchState(_ message: inout AndroidMotionMessage) {
        switch message.action {
        case .down:
            var state = AndroidTouchState()
            state.addHistory(message)
            touchState = state
        case .move:
            touchState?.addHistory(message)
            touchState?.rewrite(&message)
        case .pointerDown:
            if let id = message.actionID { touchState?.invalidateResample(of: id) }
            touchState?.rewrite(&message)
        case .pointerUp:
            touchState?.rewrite(&message)
            if let id = message.actionID { touchState?.invalidateResample(of: id) }
        case .up, .cancel:
            touchState?.rewrite(&message)
            touchState = nil
        }
    }

    /// `resampleTouchState`: adds the sample at `sampleTime` to a move event.
    private mutating func resample(_ event: inout AndroidMotionEvent, at requestedTime: Int64, next: AndroidMotionMessage?) {
        guard event.action == .move, var state = touchState, let current = state.history.first,
              let pointers = event.samples.last?.pointers,
              pointers.allSatisfy({ current.pointer($0.id) != nil }) else { return }
        var sampleTime = requestedTime
        let other: AndroidTouchState.History
        let alpha: Float
        if let next {
            other = AndroidTouchState.History(time: next.time, pointers: next.pointers)
            let delta = next.time - current.time
            guard delta >= Self.resampleMinDelta else { return }
            alpha = Float(sampleTime - current.time) / Float(delta)
        } else if state.history.count >= 2 {
            other = state.history[1]
            let delta = current.time - other.time
            guard delta >= Self.resampleMinDelta, delta <= Self.resampleMaxDelta else { return }
            sampleTime = min(sampleTime, current.time + min(delta / 2, Self.resampleMaxPrediction))
            alpha = Float(current.time - sampleTime) / Float(delta)
        } else {
            return
        }
        // Never two samples at the same time and place.
        guard current.time != sampleTime else { return }
        let previous = state.lastResample
        var resampled: [AndroidMotionMessage.Pointer] = []
        for pointer in pointers {
            if let kept = previous.pointer(pointer.id), state.recentCoordinatesAreIdentical(pointer.id) {
                // The pointer has not moved since: keep the previous resample, so a still
                // finger does not jitter.
                resampled.append(kept)
                continue
            }
            guard var made = current.pointer(pointer.id) else { continue }
            made.isResampled = true
            if let far = other.pointer(pointer.id), made.resamplable {
                made.x = Self.lerp(made.x, far.x, alpha)
                made.y = Self.lerp(made.y, far.y, alpha)
            }
            resampled.append(made)
        }
        state.lastResample = AndroidTouchState.History(time: sampleTime, pointers: resampled)
        touchState = state
        event.samples.append(.init(time: sampleTime, pointers: resampled))
    }

    /// Android's `lerp(a, b, alpha)`.
    private static func lerp(_ a: Double, _ b: Double, _ alpha: Float) -> Double { a + Double(alpha) * (b - a) }
}

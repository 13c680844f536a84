@testable import Bench
import Engine
@testable import Playground
@testable import SDLFront
import Testing

/// The latency probe counts only what happens once the window has settled, and reads the
/// frame interval from the presents it saw.
@Suite("Latency probe")
struct LatencyProbeTests {
    static func times(arrival: Double, dequeued: Double) -> PointerEventTimes {
        PointerEventTimes(arrival: arrival, dequeued: dequeued)
    }

    @Test func eventsThatArrivedBeforeMeasuringBeganAreNotCounted() {
        let probe = LatencyProbe(duration: 6)
        probe.beginMeasuring(settledAfterFrames: 40, now: 10)
        // One event waited in the queue behind the last settling frame; the other came after.
        probe.framePresented(pointerTimes: [Self.times(arrival: 9.75, dequeued: 10.5), Self.times(arrival: 10.25, dequeued: 10.5)],
                             presentReturned: 10.75, drawn: nil, predicted: nil)
        #expect(probe.latencies == [0.25])
        #expect(probe.arrivalLatencies == [0.5])
        #expect(probe.framesBeforeStart == 40)
        #expect(probe.isMeasuring)
    }

    @Test func theFrameIntervalIsTheMeanGapBetweenThePresentsMeasured() {
        let probe = LatencyProbe(duration: 6)
        #expect(probe.frameInterval == nil)
        probe.beginMeasuring(settledAfterFrames: 3, now: 10)
        for present in [10.25, 10.5, 11.25] {
            probe.framePresented(pointerTimes: [], presentReturned: present, drawn: nil, predicted: nil)
        }
        #expect(probe.frameCount == 3)
        #expect(probe.measuredSpan == 1)
        #expect(probe.frameInterval == 0.5)
    }

    @Test func noDistanceIsTakenBeforeAnyPositionWasPushed() {
        let probe = LatencyProbe(duration: 6)
        probe.beginMeasuring(settledAfterFrames: 0, now: 0)
        // Nothing pushed yet: no distance.
        probe.framePresented(pointerTimes: [], presentReturned: 1, drawn: (x: 3, y: 4), predicted: nil)
        #expect(probe.drawnDistances.isEmpty)
    }

    @Test func latencyIsMeasuredWithTheDefaultTransitionAndFold() {
        #expect(BenchSections.latencyTransitions.map(\.rawValue) == [TransitionName.standard.rawValue, "fold"])
    }

    /// A frame as the window reports it to its observer: presented at `time` seconds, the
    /// `count`th, `choosing` its draw path or not, its loop `sinceStart` seconds old.
    static func frame(_ count: Int, at time: Double, choosing: Bool, sinceStart: Double) -> ObservedFrame {
        ObservedFrame(pointerTimes: [], presentReturned: time, drawn: nil, predicted: nil, schedule: nil, presentedFrames: count,
                      isChoosingDrawPath: choosing, secondsSinceStart: sinceStart)
    }

    /// As the window's observer, the probe waits while the window times its draw paths, begins
    /// measuring at the first frame after that (counting the frames before it as start-up) and
    /// never asks the window to close before its pusher is done; on closing it keeps the draw
    /// path the window names.
    @Test func measuringBeginsAtTheFirstFrameAfterTheDrawPathTrial() {
        let probe = LatencyProbe(duration: 6)
        #expect(!probe.framePresented(Self.frame(1, at: 1.5, choosing: true, sinceStart: 0.5)))
        #expect(!probe.isMeasuring)
        #expect(!probe.framePresented(Self.frame(2, at: 2, choosing: false, sinceStart: 1)))
        #expect(probe.isMeasuring)
        #expect(probe.framesBeforeStart == 2)
        #expect(probe.frameCount == 0)
        #expect(!probe.framePresented(Self.frame(3, at: 2.25, choosing: false, sinceStart: 1.25)))
        #expect(probe.frameCount == 1)
        #expect(probe.measuredSpan == 0)
        // The window says on closing which path drew its layers; the bench reports it.
        probe.windowClosing(drawPath: "own rasteriser (measured: 3.8 ms against 14.2 ms)")
        #expect(probe.drawPath == "own rasteriser (measured: 3.8 ms against 14.2 ms)")
    }

    /// A window still choosing its draw path is measured anyway once its loop is
    /// ``LatencyProbe/settlingTimeLimit`` seconds old, not a frame before.
    @Test func aWindowStillChoosingIsMeasuredAfterTheSettlingLimit() {
        let probe = LatencyProbe(duration: 6)
        let limit = LatencyProbe.settlingTimeLimit
        #expect(!probe.framePresented(Self.frame(299, at: 10, choosing: true, sinceStart: limit.nextDown)))
        #expect(!probe.isMeasuring)
        #expect(!probe.framePresented(Self.frame(300, at: 10.5, choosing: true, sinceStart: limit)))
        #expect(probe.isMeasuring)
        #expect(probe.framesBeforeStart == 300)
    }
}

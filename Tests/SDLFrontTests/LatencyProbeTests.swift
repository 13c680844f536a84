import Engine
@testable import SDLFront
import Testing
@testable import Playground
@testable import Bench

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
}

@testable import Playground
import Testing

/// The window's frame scheduling (late latching), on an injected clock: times chosen so the
/// arithmetic is exact in binary, and every expected value computed in the pacer's own order.
@Suite struct FramePacerTests {
    /// One frame: input latched at `latch`, drawn for `drawing`, present called at `call`
    /// (`present` when nil) and returning at `present`.
    static func frame(_ pacer: inout FramePacer, latch: Double, drawing: Double = 0.001953125, call: Double? = nil, present: Double) {
        pacer.latched(at: latch)
        pacer.frameDrawn(seconds: drawing)
        pacer.presenting(at: call ?? present)
        pacer.presented(at: present)
    }

    @Test func beforeAnyFrameTheFirstStartsTheAssumedCostAndTheMarginBeforeTheFirstRefresh() {
        let pacer = FramePacer(hasVSync: false, refreshRate: 64, now: 2)
        #expect(pacer.costEstimate == FramePacer.assumedCost)
        #expect(pacer.nextRefresh == 2.015625)
        #expect(pacer.nextFrameStart == 2.015625 - FramePacer.assumedCost - FramePacer.latchMargin)
    }

    @Test func aFrameStartsItsPredictedCostAndTheMarginBeforeItsRefresh() {
        var pacer = FramePacer(hasVSync: false, refreshRate: 64, now: 0)
        // Latched at 8 ms, presented at 11.90625 ms: a cost of 3.90625 ms (1/256 s).
        Self.frame(&pacer, latch: 0.0078125 + 0.0001, present: 0.0078125 + 0.0001 + 0.00390625)
        #expect(pacer.costs == [0.0078125 + 0.0001 + 0.00390625 - (0.0078125 + 0.0001)])
        // Presented before the refresh it aimed at (the first, 1/64 s): the next is one on.
        #expect(pacer.nextRefresh == 0.015625 + 0.015625)
        #expect(pacer.nextFrameStart == pacer.nextRefresh - pacer.costs[0] - FramePacer.latchMargin)
    }

    @Test func theCostEstimateIsTheNinetyFifthPercentileOfTheLastThirtyFrames() {
        var pacer = FramePacer(hasVSync: false, refreshRate: 64, now: 0)
        // 40 frames whose costs are k/1024 s, the largest first: only the last 30 count
        // (k = 30…1), and their 95th percentile is the 29th smallest, 29/1024.
        var time = 0.0
        for k in (1...40).reversed() {
            let cost = Double(k) / 1024
            Self.frame(&pacer, latch: time, present: time + cost)
            time += 0.125
        }
        #expect(pacer.costs.count == FramePacer.costHistory)
        #expect(pacer.costs.first == 30.0 / 1024)
        #expect(pacer.costEstimate == 29.0 / 1024)
    }

    @Test func eachFrameSaysHowItWasScheduled() {
        var pacer = FramePacer(hasVSync: false, refreshRate: 64, now: 0)
        #expect(pacer.lastFrame == nil)
        // Aimed at the first refresh (1/64 s) with the assumed cost; presented 1/512 s after it.
        let aim = pacer.nextRefresh
        Self.frame(&pacer, latch: 0.0078125, present: aim + 0.001953125)
        #expect(pacer.lastFrame == FrameSchedule(latchedBeforePresent: aim + 0.001953125 - 0.0078125, costEstimate: FramePacer.assumedCost,
                                                  presentedAfterRefresh: aim + 0.001953125 - aim))
        // The next, aimed one refresh on with the first frame's cost as the estimate, presents early.
        let estimate = pacer.costEstimate
        let secondAim = pacer.nextRefresh
        #expect(secondAim == aim + 0.015625)
        Self.frame(&pacer, latch: 0.0234375, present: 0.02734375)
        #expect(pacer.lastFrame == FrameSchedule(latchedBeforePresent: 0.02734375 - 0.0234375, costEstimate: estimate,
                                                  presentedAfterRefresh: 0.02734375 - secondAim))
        #expect(FrameSchedule(latchedBeforePresent: 0.0031, costEstimate: 0.0042, presentedAfterRefresh: 0).summary
                == "latched 3.1 ms before present, cost est 4.2 ms")
    }

    @Test func withoutVSyncPresentsFollowAFixedGridAtTheDisplaysRate() {
        var pacer = FramePacer(hasVSync: false, refreshRate: 64, now: 0)
        // The grid starts at the refresh the first frame aimed at, 1/64 s.
        Self.frame(&pacer, latch: 0.0078125, present: 0.01)
        #expect(pacer.nextRefresh == 0.015625 + 0.015625)
        // Presenting early or late within the frame does not move the grid.
        Self.frame(&pacer, latch: 0.0185, present: 0.034)
        #expect(pacer.nextRefresh == 0.015625 + 0.015625 + 0.015625)
        Self.frame(&pacer, latch: 0.035, present: 0.043)
        #expect(pacer.nextRefresh == 0.015625 + 0.015625 + 0.015625 + 0.015625)
    }

    @Test func withoutVSyncAPresentAWholeRefreshLateStartsANewGrid() {
        var pacer = FramePacer(hasVSync: false, refreshRate: 64, now: 0)
        Self.frame(&pacer, latch: 0.0078125, present: 0.01)
        // The next refresh was at 0.03125; a frame presented at 0.05 missed it by more than a
        // refresh, so the next frame aims a whole interval past its present.
        Self.frame(&pacer, latch: 0.04, present: 0.05)
        #expect(pacer.nextRefresh == 0.05 + 0.015625)
    }

    @Test func withVSyncTheMedianPresentIntervalSetsTheRefresh() {
        var pacer = FramePacer(hasVSync: true, refreshRate: nil, now: 0)
        for time in [0.015625, 0.03125, 0.0625, 0.078125] { Self.frame(&pacer, latch: time - 0.00390625, present: time) }
        // Intervals 1/64, 1/64, 1/32, 1/64 s: the median is 1/64. Every cost is 1/256 s.
        #expect(pacer.nextRefresh == 0.078125 + 0.015625)
        #expect(pacer.nextFrameStart == 0.078125 + 0.015625 - 0.00390625 - FramePacer.latchMargin)
    }

    @Test func withVSyncTheWaitInsidePresentIsNoCost() {
        var pacer = FramePacer(hasVSync: true, refreshRate: nil, now: 0)
        // Each frame calls present 1/256 s after its latch and waits for the refresh: its cost
        // is the 1/256 s, not the time to the refresh, so the latch stays late frame after frame.
        for refresh in [0.015625, 0.03125, 0.046875, 0.0625] {
            let latch = pacer.nextFrameStart
            Self.frame(&pacer, latch: latch, call: latch + 0.00390625, present: refresh)
            #expect(pacer.costs.last == latch + 0.00390625 - latch)
            #expect(pacer.lastFrame?.latchedBeforePresent == refresh - latch)
        }
        #expect(pacer.costEstimate == 0.00390625)
        #expect(pacer.nextFrameStart == 0.0625 + 0.015625 - 0.00390625 - FramePacer.latchMargin)
    }

    @Test func drawingTimesKeepOnlyTheRecentHistory() {
        var pacer = FramePacer(hasVSync: false, refreshRate: nil, now: 0)
        for index in 0..<(FramePacer.drawHistory + 10) { pacer.frameDrawn(seconds: Double(index)) }
        #expect(pacer.drawTimes.count == FramePacer.drawHistory)
        #expect(pacer.drawTimes.first == 10)
        // Drawing alone, without a latch, is no frame's cost.
        #expect(pacer.costs.isEmpty)
    }
}

import Testing
@testable import SDLFront

/// The window's frame pacing, on times chosen so the arithmetic is exact in binary.
@Suite struct FramePacerTests {
    @Test func withoutVSyncFramesFollowAFixedGridAtTheDisplaysRate() {
        var pacer = FramePacer(hasVSync: false, refreshRate: 64, now: 0)
        // Before any frame: the first refresh a sixty-fourth of a second on, less the assumed
        // drawing time and the margin.
        #expect(pacer.nextFrameStart == 0.015625 - FramePacer.assumedDrawing - FramePacer.latchMargin)
        pacer.frameDrawn(seconds: 0.0078125)
        pacer.presented(at: 0.01)
        #expect(pacer.nextFrameStart == 0.01 + 0.015625 - 0.0078125 - FramePacer.latchMargin)
        // Presenting early or late within the frame does not move the grid.
        pacer.frameDrawn(seconds: 0.0078125)
        pacer.presented(at: 0.024)
        #expect(pacer.nextFrameStart == 0.01 + 2 * 0.015625 - 0.0078125 - FramePacer.latchMargin)
    }

    @Test func withoutVSyncAnOverrunFrameStartsANewGrid() {
        var pacer = FramePacer(hasVSync: false, refreshRate: 64, now: 0)
        pacer.frameDrawn(seconds: 0.0078125)
        pacer.presented(at: 0.01)
        // The next refresh was at 0.025625; a frame presented at 0.05 missed it and the one
        // after, so the next frame aims a whole interval past its present.
        pacer.presented(at: 0.05)
        #expect(pacer.nextFrameStart == 0.05 + 0.015625 - 0.0078125 - FramePacer.latchMargin)
    }

    @Test func withVSyncTheMedianPresentIntervalSetsTheRefresh() {
        var pacer = FramePacer(hasVSync: true, refreshRate: nil, now: 0)
        for (index, time) in [0.015625, 0.03125, 0.0625, 0.078125].enumerated() {
            pacer.frameDrawn(seconds: index == 0 ? 0.00390625 : 0.001953125)
            pacer.presented(at: time)
        }
        // Intervals 1/64, 1/64, 1/32, 1/64 s: the median is 1/64. Drawing's 90th percentile of
        // four is the slowest, 1/256 s.
        #expect(pacer.nextFrameStart == 0.078125 + 0.015625 - 0.00390625 - FramePacer.latchMargin)
    }

    @Test func drawingTimesKeepOnlyTheRecentHistory() {
        var pacer = FramePacer(hasVSync: false, refreshRate: nil, now: 0)
        for index in 0..<(FramePacer.drawHistory + 10) { pacer.frameDrawn(seconds: Double(index)) }
        #expect(pacer.drawTimes.count == FramePacer.drawHistory)
        #expect(pacer.drawTimes.first == 10)
    }
}

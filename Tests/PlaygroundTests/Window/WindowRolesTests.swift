import Engine
import Foundation
import Interaction
@testable import Playground
import Testing
import Traces

/// The window core's parts, each on its own: the replay's scrubber and the mouse's pinch.
@Suite("Window roles")
struct WindowRolesTests {
    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("recordings/demo.json").path

    static func replay() throws -> PlaygroundReplay {
        let trace = try Trace.load(path: demo)
        return PlaygroundReplay(trace: trace, path: demo, configuration: try trace.header.configuration.resolve(), speed: 1)
    }

    @Test func theScrubberSeeksWherePressedAndFollowsADragThatBeganOnIt() throws {
        var replay: PlaygroundReplay? = try Self.replay()
        let start = try #require(replay).startTime, end = try #require(replay).endTime
        var scrubber = ReplayScrubber()
        // At 800×600 points, 1 pixel a point: the scrubber spans x 12…788 at y 484…506.
        let layout = PlaygroundCore.Layout(scale: 1, outputSize: (800, 600))
        #expect(layout.scrubberArea == (12, 484, 776, 22))
        scrubber.handle(phase: .down, position: Point(x: 12 + 776 * 0.25, y: 495), layout: layout, replay: &replay, now: 10)
        #expect(replay?.time == start + 0.25 * (end - start))
        // Dragged off the bar's height, it still scrubs, to the end.
        scrubber.handle(phase: .move, position: Point(x: 900, y: 100), layout: layout, replay: &replay, now: 10.1)
        #expect(replay?.time == end)
        scrubber.handle(phase: .up, position: Point(x: 900, y: 100), layout: layout, replay: &replay, now: 10.2)
        // After the lift a move on the bar seeks nothing.
        scrubber.handle(phase: .move, position: Point(x: 12, y: 495), layout: layout, replay: &replay, now: 10.3)
        #expect(replay?.time == end)
        // The replay is done: a press elsewhere goes back to live input.
        scrubber.handle(phase: .down, position: Point(x: 400, y: 100), layout: layout, replay: &replay, now: 10.4)
        #expect(replay == nil)
    }

    @Test func aPressOffTheScrubberKeepsAReplayThatIsNotDone() throws {
        var replay: PlaygroundReplay? = try Self.replay()
        var scrubber = ReplayScrubber()
        scrubber.handle(phase: .down, position: Point(x: 400, y: 100), layout: PlaygroundCore.Layout(), replay: &replay, now: 0)
        #expect(replay?.time == replay?.startTime)
    }

    @Test func altMirrorsTheMouseAndCtrlLetsTheWheelPinch() {
        var pinch = MousePinchEmulation(center: Point(x: 400, y: 300))
        let down = PointerEvent(pointerID: 0, kind: .mouse, phase: .down, position: Point(x: 500, y: 350), timestamp: 1)
        #expect(pinch.events(forMouse: down) == [down])
        #expect(pinch.events(wheelNotches: 1, at: Point(x: 400, y: 300), time: 1) == [])
        pinch.altChanged(held: true)
        let mirrored = pinch.events(forMouse: down)
        #expect(mirrored.count == 2)
        #expect(mirrored.last?.pointerID == MirroredPinchEmulator.defaultMirrorPointerID)
        #expect(mirrored.last?.position == Point(x: 300, y: 250))
        pinch.controlChanged(held: true)
        #expect(pinch.events(wheelNotches: 1, at: Point(x: 400, y: 300), time: 2).map(\.phase) == [.down, .down])
        pinch.releaseModifiers()
        #expect(pinch.events(wheelNotches: 1, at: Point(x: 400, y: 300), time: 3) == [])
    }
}

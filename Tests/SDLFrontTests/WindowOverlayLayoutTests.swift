import Engine
import Interaction
@testable import Playground
@testable import SDLFront
import Testing

/// The window's HUD, timeline, scrubber, key line, edge-zone label and help, drawn offscreen
/// with the longest texts they show: every text must lie inside its panel and inside the
/// window, and no text may cover another.
@Suite("Window overlay layout")
struct WindowOverlayLayoutTests {
    static let sizes = [(width: 800, height: 600), (width: 1280, height: 800)]

    /// A HUD showing everything at once, with long names, reasons, paths and messages.
    static func crowdedHUD(decision: Int, replaying: Bool) throws -> HUDState {
        let policy = try PolicySpec.parse("velocity-position:finish-velocity=650,position=0.5,cancel-velocity=-200").policy
        let record = TransitionRecord(controller: .edgePan, policy: policy.name, beganAt: 0.2, releasedAt: 0.9, progressAtRelease: 0.4025,
                                      velocityAtRelease: -1035.352, decision: .cancel,
                                      reason: "velocity -1035 pt/s <= -200 (cancel velocity), so the progress 0.4025 did not count",
                                      outcome: .cancelled, endedAt: 1.2, grabs: 0)
        let pending = (measurement: ReleaseMeasurement(progress: 0.61234, velocity: 812.4, pointsPerProgress: 800, screenExtent: 800),
                       decision: ReleaseDecision(.finish, reason: "velocity 812 pt/s > 650 (finish velocity) and progress 0.6123 >= 0.5"))
        return HUDState(controllers: [.edgePan, .swipe, .pinch], edgeRecognizer: .flutterCupertino, policy: policy, transition: "scale-navigation", direction: .backward,
                        completion: "swiftui-navigation", driverState: .interacting, progress: 0.61234,
                        pending: decision == 0 ? pending : nil, holder: .edgePan, released: decision == 1 ? record : nil,
                        lastRecord: decision == 2 ? record : nil,
                        recording: replaying ? nil : ("/tmp/a-rather-long-record-folder/trace-20261201-180412-123-edge-pan-flick.json", 12345),
                        replay: replaying ? ("recordings/vertical-swipe/down-and-back-up-with-a-long-name.json", 12.34, 56.78, 0.44, true) : nil,
                        message: "that drag had left the edge pan's 20-pt zone when it moved past the slop, where the edge pan is recognised",
                        frameTimes: (0..<120).map { 0.012 + Double($0 % 7) * 0.002 }, drawTimes: (0..<120).map { 0.004 + Double($0 % 5) * 0.003 },
                        drawPath: "own rasteriser: 14.0 ms a frame, SDL opengl meshes 13.0 ms (trial of 15 frames each)",
                        renderer: "software (measured: 2.0 ms a frame, accelerated 16.0 ms)")
    }

    /// A timeline whose release falls at its right end, where its label must turn left.
    static func timelineReleasedAtTheEnd() -> GestureTimeline {
        var timeline = GestureTimeline()
        for step in 0...60 { timeline.add(time: Double(step) / 60, progress: Double(step) / 70, state: .interacting) }
        timeline.add(time: 61.0 / 60, progress: 0.9, state: .finishing)
        return timeline
    }

    static func overlap(_ a: TextPainter.TextBox, _ b: TextPainter.TextBox) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    /// Live (recording, the edge zone shown) and replaying (the scrubber shown, no edge zone, as
    /// the window does), with each of the HUD's three decision lines.
    @Test(arguments: [0, 1, 2], [false, true])
    func everyTextStaysInsideItsPanelAndCoversNoOther(decision: Int, replaying: Bool) throws {
        for size in Self.sizes {
            let canvas = try OffscreenCanvas(width: size.width, height: size.height)
            let text = try TextPainter(renderer: canvas.renderer, scale: 1)
            text.recordBoxes()
            let zone = ScreenEdge.left.zone(in: Size(width: Double(size.width), height: Double(size.height)), width: 20)
            let overlay = WindowOverlay(hud: try Self.crowdedHUD(decision: decision, replaying: replaying), timeline: Self.timelineReleasedAtTheEnd(),
                                        threshold: 0.5, replayFraction: replaying ? 0.3 : nil, showHelp: false,
                                        edgeZone: replaying ? nil : (zone, 20))
            let panels = overlay.draw(renderer: canvas.renderer, text: text, scale: 1, outputSize: size)
            #expect(panels.map(\.name) == (replaying ? ["hud", "timeline", "scrubber", "keys"] : ["edge zone", "hud", "timeline", "keys"]))
            let boxes = text.drawnBoxes ?? []
            // Wrapped lines read back whole: nothing the HUD says is lost to the wrapping.
            let everything = boxes.map(\.text).joined(separator: " ")
            let hud = try Self.crowdedHUD(decision: decision, replaying: replaying)
            for said in [hud.message ?? "", "layers drawn by \(hud.drawPath)", WindowOverlay.keyLine, HUD.frameTimeText(hud)] {
                #expect(everything.contains(said), "\(size): '\(said)' is not shown whole")
            }
            for box in boxes {
                let holders = panels.filter { $0.contains(x: box.x, y: box.y, width: box.width, height: box.height) }
                #expect(holders.count == 1, "\(size): '\(box.text)' at \(box.x),\(box.y) \(box.width)×\(box.height) lies in \(holders.map(\.name))")
            }
            for (index, box) in boxes.enumerated() {
                for other in boxes[(index + 1)...] where Self.overlap(box, other) {
                    Issue.record("\(size): '\(box.text)' covers '\(other.text)'")
                }
            }
            for (index, panel) in panels.enumerated() {
                for other in panels[(index + 1)...] {
                    let disjoint = panel.x + panel.width <= other.x || other.x + other.width <= panel.x
                        || panel.y + panel.height <= other.y || other.y + other.height <= panel.y
                    #expect(disjoint, "\(size): the \(panel.name) panel covers the \(other.name) panel")
                }
            }
            // The screens' navigation bar, with their titles, is the top 56 points.
            let hudPanel = try #require(panels.first { $0.name == "hud" })
            #expect(hudPanel.y >= 56)
            let release = try #require(boxes.first { $0.text == "release" })
            let timeline = try #require(panels.first { $0.name == "timeline" })
            #expect(release.x + release.width <= timeline.x + timeline.width)
        }
    }

    @Test func theHelpFitsItsPanel() throws {
        for size in Self.sizes {
            let canvas = try OffscreenCanvas(width: size.width, height: size.height)
            let text = try TextPainter(renderer: canvas.renderer, scale: 1)
            text.recordBoxes()
            let overlay = WindowOverlay(hud: nil, timeline: GestureTimeline(), threshold: 0.5, replayFraction: nil, showHelp: true, edgeZone: nil)
            let panels = overlay.draw(renderer: canvas.renderer, text: text, scale: 1, outputSize: size)
            let help = try #require(panels.first { $0.name == "help" })
            #expect(help.y >= 0 && help.y + help.height <= Double(size.height))
            let boxes = text.drawnBoxes ?? []
            // Each action may wrap onto more lines; read back in order, the boxes say every key and action.
            let expected = (["Gesture Lab — keys"] + KeyBindings.all.flatMap { [$0.keys, $0.action] }).joined(separator: " ")
            #expect(boxes.map(\.text).joined(separator: " ") == expected)
            for box in boxes {
                #expect(help.contains(x: box.x, y: box.y, width: box.width, height: box.height), "\(size): '\(box.text)'")
            }
            for (index, box) in boxes.enumerated() {
                for other in boxes[(index + 1)...] where Self.overlap(box, other) {
                    Issue.record("\(size): '\(box.text)' covers '\(other.text)'")
                }
            }
        }
    }
}

import Engine
import Foundation
import Interaction

/// The package's root folder, found from this file's path (Tests/Shared/, linked into each test
/// target that needs it, so both compile the one copy).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A mouse drag along x from `startX` by `distance` points in `steps` moves `interval`
/// seconds apart, then a release after `hold` seconds.
func horizontalDrag(startX: Double = 100, y: Double = 300, distance: Double, steps: Int = 20, interval: Double = 0.016,
                    hold: Double = 0, start: Double = 0, pointer: Int = 0, kind: PointerKind = .mouse,
                    endPhase: PointerPhase = .up) -> [PointerEvent] {
    var events = [PointerEvent(pointerID: pointer, kind: kind, phase: .down, position: Point(x: startX, y: y), timestamp: start)]
    for step in 1...steps {
        let x = startX + distance * Double(step) / Double(steps)
        events.append(PointerEvent(pointerID: pointer, kind: kind, phase: .move, position: Point(x: x, y: y),
                                   timestamp: microseconds(start + Double(step) * interval)))
    }
    let last = events[events.count - 1]
    events.append(PointerEvent(pointerID: pointer, kind: kind, phase: endPhase, position: last.position,
                               timestamp: microseconds(last.timestamp + hold)))
    return events
}

/// `seconds` rounded to whole microseconds, the precision traces keep.
func microseconds(_ seconds: Double) -> Double {
    (seconds * 1_000_000).rounded() / 1_000_000
}

/// Replays `events` under the default configuration with `policy`.
func replay(_ events: [PointerEvent], policy: String = "vctransitions", configure: (inout SessionConfiguration) -> Void = { _ in }) throws -> [TransitionRecord] {
    var configuration = SessionConfiguration(policy: try PolicySpec.parse(policy))
    configure(&configuration)
    return HeadlessReplay.run(events, configuration: try configuration.resolve())
}

/// `fraction` as VCTransitionsLibrary's swipes hold it: through `fminf`/`fmaxf`, in single
/// precision.
func singlePrecision(_ fraction: Double) -> Double { Double(Float(fraction)) }

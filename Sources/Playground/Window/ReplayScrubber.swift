import Engine
import Interaction

/// The replay's scrubber under the pointer: a press on it, and a drag that began there, seek
/// the replay; a press elsewhere once the replay has ended goes back to live input.
struct ReplayScrubber {
    /// True while a drag that began on the scrubber goes on.
    private var scrubbing = false

    /// Handles a pointer event of `phase` at `position` (points) at window time `now` during
    /// `replay`, with the scrubber where `layout` puts it; ends the replay when it is done and
    /// the press is elsewhere.
    mutating func handle(phase: PointerPhase, position: Point, layout: PlaygroundCore.Layout, replay: inout PlaygroundReplay?, now: Double) {
        let area = layout.scrubberArea
        let scale = layout.scale
        let x = position.x * scale
        let y = position.y * scale
        let onScrubber = y >= area.y - 8 * scale && y <= area.y + area.height + 8 * scale
        if phase == .down && !onScrubber {
            if replay?.isDone == true { replay = nil }
            return
        }
        if (phase == .down || (phase == .move && scrubbing)) && (onScrubber || scrubbing), let current = replay {
            scrubbing = phase != .up
            let fraction = min(max((x - area.x) / area.width, 0), 1)
            replay?.seek(to: current.startTime + fraction * (current.endTime - current.startTime), wallTime: now)
        }
        if phase.endsContact { scrubbing = false }
    }
}

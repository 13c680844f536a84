import Engine
import Interaction

/// What the window is told, in Swift terms (the platform translates its own events into these).
package enum AppEvent {
    /// The window was closed or the program asked to quit.
    case quit
    /// A key went down.
    case key(Key, shift: Bool, control: Bool, alt: Bool)
    /// A pointer sample in window points (SDL's timestamps are replaced by the clock's).
    case pointer(id: Int, kind: PointerKind, phase: PointerPhase, position: Point)
    /// The mouse wheel turned (in notches, positive away from the user) with the pointer at
    /// `at` (points).
    case wheel(notches: Double, at: Point)
    /// Alt went down (true) or up (false): tracked in queue order, so a mouse move queued
    /// before Alt was released still counts as made with Alt held.
    case altChanged(Bool)
    /// Ctrl went down (true) or up (false), tracked in queue order like Alt: a wheel turn
    /// queued while Ctrl was held pinches even if Ctrl is up when the window takes it.
    case controlChanged(Bool)
    /// The mouse moved with its left button up while the window thought it down: it was
    /// released outside the window.
    case buttonReleasedElsewhere
    /// The window's size changed.
    case resized
    /// The window lost the keyboard focus.
    case focusLost
    /// A file was dropped onto the window.
    case droppedFile(String)
    /// Anything the window does not care about.
    case ignored

    /// The keys the window reacts to.
    package enum Key: Equatable {
        case character(Character)
        case escape, tab, space, f12, left, right
    }
}

/// Every key the playground answers to, listed once: the help overlay and `play --help` both
/// print this table.
package enum KeyBindings {
    package static let all: [(keys: String, action: String)] = [
        ("drag", "drive the transition with the mouse or a finger"),
        ("H or ?", "show or hide this help"),
        ("Tab", "show or hide the HUD"),
        ("T / Shift+T", "next / previous transition"),
        ("1 … 9", "pick one of the first nine transitions"),
        ("C", "next controller (last: edge pan, swipe and pinch competing)"),
        ("P / Shift+P", "next / previous release policy (presets, then --policy-file rules)"),
        ("D", "toggle direction: forward (present) or backward (dismiss)"),
        ("K", "next completion timing"),
        ("F / Shift+F", "next / previous predictor driving the transition (predicted finger drawn in cyan)"),
        ("R", "start or stop recording a trace"),
        ("L", "replay the last recording"),
        ("drop a file", "replay a trace file dropped onto the window"),
        ("Space", "pause or resume a replay"),
        (".", "step a paused replay by one frame"),
        ("[ / ]", "slower / faster replay (0.1× to 10×)"),
        ("S or F12", "save a screenshot PNG"),
        ("Q or Esc", "quit (a recording in progress is saved first)"),
    ]

    /// The table as plain text.
    package static var text: String {
        let width = (all.map(\.keys.count).max() ?? 0) + 2
        return all.map { "  " + $0.keys + String(repeating: " ", count: width - $0.keys.count) + $0.action }.joined(separator: "\n")
    }
}

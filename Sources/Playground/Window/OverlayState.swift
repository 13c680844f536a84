/// What the window shows over the transition besides the gesture: whether the HUD and the
/// help are up, the message of the moment, and the phone study's progress.
package struct OverlayState {
    /// Whether the HUD is shown.
    package var showsHUD: Bool
    /// Whether the help overlay is shown.
    package var showsHelp = false
    /// A message on the HUD and until when (window seconds).
    package private(set) var message: (text: String, until: Double)?
    /// Where the phone's study is (`play --serve --study`), shown on the HUD until it changes.
    package var studyProgress: String?

    /// The HUD shown or not at first.
    init(showsHUD: Bool) {
        self.showsHUD = showsHUD
    }

    /// Shows `text` on the HUD for three seconds from `now` (window seconds).
    mutating func flash(_ text: String, now: Double) {
        message = (text, now + 3)
    }
}

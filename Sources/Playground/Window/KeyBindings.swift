/// What a key asks the window to do.
package enum KeyAction: Equatable {
    case quit, toggleHUD, toggleHelp, toggleRecording, screenshot, replayLastRecording
    /// The next transition, or the previous one.
    case cycleTransition(backwards: Bool)
    /// The transition at this index (0-based) of the transition list.
    case pickTransition(Int)
    case nextController
    /// The next release policy, or the previous one.
    case cyclePolicy(backwards: Bool)
    case toggleDirection, nextCompletion
    /// The next predictor driving the transition, or the previous one.
    case cyclePredictor(backwards: Bool)
    case toggleReplayPause, stepReplay, slowerReplay, fasterReplay
}

/// One row of the key table: the keys as people read them, what they do, the short name the
/// window's footer gives them (if it lists them), and which presses they are.
package struct KeyBinding: Sendable {
    /// The keys, as the help shows them ("T / Shift+T").
    package let keys: String
    /// What they do, as the help says it.
    package let action: String
    /// The footer's word for them ("record"), for the keys the footer lists.
    package let footer: String?
    /// What a press of `key` (with Shift held or not) asks for, or nil when it is not this
    /// binding's; nil for every press when the binding is not a key (a drag, a dropped file).
    let resolve: @Sendable (AppEvent.Key, Bool) -> KeyAction?
}

/// Every way to act in the playground, listed once: the window's dispatcher, the help overlay,
/// the footer and `play --help` all read this table.
package enum KeyBindings {
    package static let all: [KeyBinding] = [
        KeyBinding(keys: "drag", action: "drive the transition with the mouse or a finger", footer: nil) { _, _ in nil },
        KeyBinding(keys: "H or ?", action: "show or hide this help", footer: "help") { key, shift in
            // SDL reports '?' as Shift+'/' on most layouts.
            switch key {
            case .character("h"), .character("?"): return .toggleHelp
            case .character("/") where shift: return .toggleHelp
            default: return nil
            }
        },
        KeyBinding(keys: "Tab", action: "show or hide the HUD", footer: "HUD") { key, _ in key == .tab ? .toggleHUD : nil },
        KeyBinding(keys: "T / Shift+T", action: "next / previous transition", footer: "transition") { key, shift in
            key == .character("t") ? .cycleTransition(backwards: shift) : nil
        },
        KeyBinding(keys: "1 … 9", action: "pick one of the first nine transitions", footer: nil) { key, _ in
            guard case .character(let digit) = key, digit.isNumber, let value = digit.wholeNumberValue, value >= 1 else { return nil }
            return .pickTransition(value - 1)
        },
        KeyBinding(keys: "C", action: "next controller (last: edge pan, swipe and pinch competing)", footer: nil) { key, _ in
            key == .character("c") ? .nextController : nil
        },
        KeyBinding(keys: "P / Shift+P", action: "next / previous release policy (presets, then --policy-file rules)", footer: "policy") { key, shift in
            key == .character("p") ? .cyclePolicy(backwards: shift) : nil
        },
        KeyBinding(keys: "D", action: "toggle direction: forward (present) or backward (dismiss)", footer: "direction") { key, _ in
            key == .character("d") ? .toggleDirection : nil
        },
        KeyBinding(keys: "K", action: "next completion timing", footer: nil) { key, _ in key == .character("k") ? .nextCompletion : nil },
        KeyBinding(keys: "F / Shift+F", action: "next / previous predictor driving the transition (predicted finger drawn in cyan)", footer: nil) { key, shift in
            key == .character("f") ? .cyclePredictor(backwards: shift) : nil
        },
        KeyBinding(keys: "R", action: "start or stop recording a trace", footer: "record") { key, _ in key == .character("r") ? .toggleRecording : nil },
        KeyBinding(keys: "L", action: "replay the last recording", footer: nil) { key, _ in key == .character("l") ? .replayLastRecording : nil },
        KeyBinding(keys: "drop a file", action: "replay a trace file dropped onto the window", footer: nil) { _, _ in nil },
        KeyBinding(keys: "Space", action: "pause or resume a replay", footer: nil) { key, _ in key == .space ? .toggleReplayPause : nil },
        KeyBinding(keys: ".", action: "step a paused replay by one frame", footer: nil) { key, _ in key == .character(".") ? .stepReplay : nil },
        KeyBinding(keys: "[ / ]", action: "slower / faster replay (0.1× to 10×)", footer: nil) { key, _ in
            switch key {
            case .character("["): return .slowerReplay
            case .character("]"): return .fasterReplay
            default: return nil
            }
        },
        KeyBinding(keys: "S or F12", action: "save a screenshot PNG", footer: "screenshot") { key, _ in
            key == .character("s") || key == .f12 ? .screenshot : nil
        },
        KeyBinding(keys: "Q or Esc", action: "quit (a recording in progress is saved first)", footer: "quit") { key, _ in
            key == .character("q") || key == .escape ? .quit : nil
        },
    ]

    /// What a press of `key`, with Shift held or not, asks for; nil when no binding has it.
    package static func action(for key: AppEvent.Key, shift: Bool) -> KeyAction? {
        for binding in all {
            if let action = binding.resolve(key, shift) { return action }
        }
        return nil
    }

    /// The table as plain text.
    package static var text: String {
        let width = (all.map(\.keys.count).max() ?? 0) + 2
        return all.map { "  " + $0.keys + String(repeating: " ", count: width - $0.keys.count) + $0.action }.joined(separator: "\n")
    }

    /// The window's footer: the first key of each binding it lists and its word, in table order
    /// ("H help · Tab HUD · …").
    package static var footer: String {
        all.compactMap { binding in
            binding.footer.map { "\(binding.keys.split(separator: " ").first.map(String.init) ?? binding.keys) \($0)" }
        }.joined(separator: " · ")
    }
}

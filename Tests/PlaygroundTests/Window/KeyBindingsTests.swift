@testable import Playground
import Testing

/// The key table is the one place a key's meaning is written: every action the window has is
/// reachable from it, no press means two things, and the footer is made from it.
@Suite("Key bindings")
struct KeyBindingsTests {
    /// Every press the platform can report: the printable ASCII characters and the special keys,
    /// each with Shift up and down.
    static let presses: [(key: AppEvent.Key, shift: Bool)] = {
        let characters = (0x20..<0x7F).compactMap(Unicode.Scalar.init).map { AppEvent.Key.character(Character($0)) }
        let keys = characters + [.escape, .tab, .space, .f12, .left, .right]
        return keys.flatMap { key in [(key, false), (key, true)] }
    }()

    @Test func everyActionIsReachableFromAKey() {
        let reached = Self.presses.compactMap { KeyBindings.action(for: $0.key, shift: $0.shift) }
        let expected: [KeyAction] = [
            .quit, .toggleHUD, .toggleHelp, .toggleRecording, .screenshot, .replayLastRecording,
            .cycleTransition(backwards: false), .cycleTransition(backwards: true),
            .nextController, .cyclePolicy(backwards: false), .cyclePolicy(backwards: true), .toggleDirection, .nextCompletion,
            .cyclePredictor(backwards: false), .cyclePredictor(backwards: true),
            .toggleReplayPause, .stepReplay, .slowerReplay, .fasterReplay,
        ] + (0..<9).map { KeyAction.pickTransition($0) }
        for action in expected { #expect(reached.contains(action), "\(action) has no key") }
    }

    @Test func noPressBelongsToTwoBindings() {
        for press in Self.presses {
            let owners = KeyBindings.all.filter { $0.resolve(press.key, press.shift) != nil }.map(\.keys)
            #expect(owners.count <= 1, "\(press) is bound by \(owners)")
        }
    }

    @Test func pressesMeanWhatTheHelpSays() {
        #expect(KeyBindings.action(for: .character("/"), shift: true) == .toggleHelp)
        #expect(KeyBindings.action(for: .character("/"), shift: false) == nil)
        #expect(KeyBindings.action(for: .character("?"), shift: true) == .toggleHelp)
        #expect(KeyBindings.action(for: .character("t"), shift: true) == .cycleTransition(backwards: true))
        #expect(KeyBindings.action(for: .character("0"), shift: false) == nil)
        #expect(KeyBindings.action(for: .character("1"), shift: false) == .pickTransition(0))
        #expect(KeyBindings.action(for: .character("9"), shift: true) == .pickTransition(8))
        #expect(KeyBindings.action(for: .f12, shift: false) == .screenshot)
        #expect(KeyBindings.action(for: .escape, shift: true) == .quit)
        #expect(KeyBindings.action(for: .left, shift: false) == nil)
    }

    @Test func theFooterComesFromTheTable() {
        #expect(KeyBindings.footer == "H help · Tab HUD · T transition · P policy · D direction · R record · S screenshot · Q quit")
    }
}

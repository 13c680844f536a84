import CSDL
import Engine
import Interaction
import Playground

extension AppEvent {
    /// Translates one SDL event; `windowSize` maps touch coordinates (0…1) to points.
    init(_ event: SDL_Event, windowSize: Size, fingerIDs: inout FingerIDs) {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_QUIT:
            self = .quit
        case SDL_KEYDOWN where Self.isAlt(event.key.keysym.sym), SDL_KEYUP where Self.isAlt(event.key.keysym.sym):
            self = .altChanged(event.type == SDL_KEYDOWN.rawValue)
        case SDL_KEYDOWN where Self.isControl(event.key.keysym.sym), SDL_KEYUP where Self.isControl(event.key.keysym.sym):
            self = .controlChanged(event.type == SDL_KEYDOWN.rawValue)
        case SDL_KEYDOWN:
            let symbol = event.key.keysym.sym
            let modifiers = UInt32(event.key.keysym.mod)
            let shift = modifiers & UInt32(KMOD_SHIFT.rawValue) != 0
            let control = modifiers & UInt32(KMOD_CTRL.rawValue) != 0
            let alt = modifiers & UInt32(KMOD_ALT.rawValue) != 0
            guard let key = Self.key(symbol) else {
                self = .ignored
                return
            }
            self = .key(key, shift: shift, control: control, alt: alt)
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            guard event.button.which != UInt32.max, event.button.button == UInt8(SDL_BUTTON_LEFT) else {
                self = .ignored
                return
            }
            self = .pointer(id: 0, kind: .mouse, phase: event.type == SDL_MOUSEBUTTONDOWN.rawValue ? .down : .up,
                            position: Point(x: Double(event.button.x), y: Double(event.button.y)))
        case SDL_MOUSEMOTION:
            guard event.motion.which != UInt32.max else {
                self = .ignored
                return
            }
            guard event.motion.state & (1 << (UInt32(SDL_BUTTON_LEFT) - 1)) != 0 else {
                self = .buttonReleasedElsewhere
                return
            }
            self = .pointer(id: 0, kind: .mouse, phase: .move, position: Point(x: Double(event.motion.x), y: Double(event.motion.y)))
        case SDL_MOUSEWHEEL:
            // Where the pointer was when the wheel turned (SDL 2.26 keeps it in the event),
            // not where it is when the window takes the event.
            self = .wheel(notches: Double(event.wheel.preciseY), at: Point(x: Double(event.wheel.mouseX), y: Double(event.wheel.mouseY)))
        case SDL_FINGERDOWN, SDL_FINGERUP, SDL_FINGERMOTION:
            let phase: PointerPhase = event.type == SDL_FINGERDOWN.rawValue ? .down : (event.type == SDL_FINGERUP.rawValue ? .up : .move)
            let id = fingerIDs.id(for: event.tfinger.fingerId, lifting: phase == .up)
            self = .pointer(id: id, kind: .touch, phase: phase,
                            position: Point(x: Double(event.tfinger.x) * windowSize.width, y: Double(event.tfinger.y) * windowSize.height))
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(rawValue: UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED: self = .resized
            case SDL_WINDOWEVENT_FOCUS_LOST: self = .focusLost
            default: self = .ignored
            }
        case SDL_DROPFILE:
            if let file = event.drop.file {
                self = .droppedFile(String(cString: file))
                SDL_free(file)
            } else {
                self = .ignored
            }
        default:
            self = .ignored
        }
    }

    private static func isControl(_ symbol: SDL_Keycode) -> Bool {
        symbol == SDL_Keycode(SDLK_LCTRL.rawValue) || symbol == SDL_Keycode(SDLK_RCTRL.rawValue)
    }

    private static func isAlt(_ symbol: SDL_Keycode) -> Bool {
        symbol == SDL_Keycode(SDLK_LALT.rawValue) || symbol == SDL_Keycode(SDLK_RALT.rawValue)
    }

    private static func key(_ symbol: SDL_Keycode) -> Key? {
        switch symbol {
        case SDL_Keycode(SDLK_ESCAPE.rawValue): return .escape
        case SDL_Keycode(SDLK_TAB.rawValue): return .tab
        case SDL_Keycode(SDLK_SPACE.rawValue): return .space
        case SDL_Keycode(SDLK_F12.rawValue): return .f12
        case SDL_Keycode(SDLK_LEFT.rawValue): return .left
        case SDL_Keycode(SDLK_RIGHT.rawValue): return .right
        case 0x20..<0x7F:
            guard let scalar = Unicode.Scalar(UInt32(symbol)) else { return nil }
            return .character(Character(scalar))
        default: return nil
        }
    }
}

/// Small, reusable pointer ids for SDL's 64-bit finger ids (1, 2, … while down; the mouse is 0).
package struct FingerIDs {
    private var assigned: [SDL_FingerID: Int] = [:]

    mutating func id(for finger: SDL_FingerID, lifting: Bool) -> Int {
        if let id = assigned[finger] {
            if lifting { assigned[finger] = nil }
            return id
        }
        var candidate = 1
        let used = Set(assigned.values)
        while used.contains(candidate) { candidate += 1 }
        if !lifting { assigned[finger] = candidate }
        return candidate
    }
}

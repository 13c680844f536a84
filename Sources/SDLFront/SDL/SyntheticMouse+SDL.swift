import CSDL
import Playground

extension SyntheticMouse {
    /// Puts the event in SDL's queue for the window `windowID`, as a real mouse's left button
    /// would arrive (SDL_PushEvent is safe from any thread).
    func push(toWindow windowID: UInt32) {
        var event = SDL_Event()
        let position = self.position
        switch self {
        case .move:
            event.type = SDL_MOUSEMOTION.rawValue
            event.motion.windowID = windowID
            event.motion.which = 0
            event.motion.state = 1
            event.motion.x = Int32(position.x)
            event.motion.y = Int32(position.y)
        case .down, .up:
            let pressed: Bool
            if case .down = self { pressed = true } else { pressed = false }
            event.type = (pressed ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP).rawValue
            event.button.windowID = windowID
            event.button.which = 0
            event.button.button = UInt8(SDL_BUTTON_LEFT)
            event.button.state = UInt8(pressed ? SDL_PRESSED : SDL_RELEASED)
            event.button.clicks = 1
            event.button.x = Int32(position.x)
            event.button.y = Int32(position.y)
        }
        SDL_PushEvent(&event)
    }
}

import CSDL
import FoundationEssentials
import Glibc
import Plumbing
import Traces

/// SDL, initialised while any instance lives (SDL_ttf and SDL_image are opened and started by
/// their first use: ``FontLibrary``, ``ImageLibrary``).
///
/// SDL's own start-up is process-wide and `SDL_Quit` ends it for everyone, so instances share
/// one count: the first starts the libraries, the last one to go shuts them down. An instance
/// holds nothing else, and the count is kept under a lock, so instances may be handed between
/// threads.
package final class SDLLibrary: @unchecked Sendable {
    /// True when the video subsystem (a window) was initialised.
    let hasVideo: Bool

    private static let lock = Lock()
    nonisolated(unsafe) private static var instances = 0

    /// Initialises SDL with video (for a window) or without (offscreen rendering only).
    package init(video: Bool) throws {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        if Self.instances == 0 {
            SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
            SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
            SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
            // A software-rendered window's pixels go straight to the display server; by default
            // SDL would upload them through a hidden OpenGL renderer that waits for vsync.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            guard SDL_Init(0) == 0 else { throw SDLError.current("cannot start SDL") }
        }
        if video {
            Self.chooseVideoDriver()
            // Subsystems count their own users, so each instance asks for what it needs.
            guard SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) == 0 else {
                let error = SDLError.current("cannot start SDL video")
                if Self.instances == 0 { Self.shutDown() }
                throw error
            }
        }
        hasVideo = video
        Self.instances += 1
    }

    /// Tells SDL to use only real window systems, unless `SDL_VIDEODRIVER` says otherwise: SDL
    /// would otherwise fall back to its invisible "offscreen" driver when the display cannot be
    /// reached, and open nothing. The same hint every time, so setting it again while another
    /// thread reads SDL's hints changes nothing they read.
    static func chooseVideoDriver() {
        let environment = ProcessInfo.processInfo.environment
        guard environment["SDL_VIDEODRIVER"] == nil else { return }
        let drivers = [("WAYLAND_DISPLAY", "wayland"), ("DISPLAY", "x11")].filter { !(environment[$0.0] ?? "").isEmpty }.map(\.1)
        let wanted = drivers.isEmpty ? "x11" : drivers.joined(separator: ",")
        if let current = SDL_GetHint(SDL_HINT_VIDEODRIVER), String(cString: current) == wanted { return }
        SDL_SetHint(SDL_HINT_VIDEODRIVER, wanted)
    }

    deinit {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        if hasVideo { SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) }
        Self.instances -= 1
        if Self.instances == 0 { Self.shutDown() }
    }

    private static func shutDown() {
        SDL_Quit()
    }

    /// The name of the video driver in use, e.g. "x11".
    var videoDriver: String {
        SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
    }
}

import CSDL
import Engine
import Glibc
import Playground

/// SDL's event queue as a ``PlatformEventQueue``: the watch is an SDL event watch, an event's
/// identity is its bytes, the X server's time of each mouse and key event is passed on where
/// SDL runs on X11, and SDL's own millisecond timestamp is the fallback time.
package final class SDLEventQueue: PlatformEventQueue {
    /// The 56 bytes of an `SDL_Event`: SDL copies an event into its queue and out of it whole,
    /// so the bytes the watch sees are the bytes `SDL_PollEvent` returns.
    package struct Identity: Hashable {
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

        init(_ event: SDL_Event) {
            var copy = event
            words = withUnsafeBytes(of: &copy) { bytes in
                var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0)
                withUnsafeMutableBytes(of: &words) { target in
                    target.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[0..<min(bytes.count, target.count)]))
                }
                return words
            }
        }

        package static func == (lhs: Identity, rhs: Identity) -> Bool {
            lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2 && lhs.words.3 == rhs.words.3
                && lhs.words.4 == rhs.words.4 && lhs.words.5 == rhs.words.5 && lhs.words.6 == rhs.words.6
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(words.0)
            hasher.combine(words.1)
            hasher.combine(words.2)
            hasher.combine(words.3)
            hasher.combine(words.4)
            hasher.combine(words.5)
            hasher.combine(words.6)
        }
    }

    /// What the C callback needs: the watch, the clock, and the X server's time of the X
    /// event SDL is turning into SDL events right now.
    private final class WatchBox {
        let watch: @Sendable (SDL_Event, Double?) -> Void
        let clock: TimeSource
        var serverClock = ServerClockMapping()
        /// The kind (1 pointer, 2 key) and time on the window's clock of the current X event.
        var current: (kind: Int32, arrival: Double)?

        init(_ watch: @escaping @Sendable (SDL_Event, Double?) -> Void, clock: TimeSource) {
            self.watch = watch
            self.clock = clock
        }

        func queued(_ pointer: UnsafeMutablePointer<SDL_Event>) {
            let event = pointer.pointee
            guard event.type != SDL_SYSWMEVENT.rawValue else {
                var serverMilliseconds: UInt = 0
                let kind = gesture_lab_x11_event_time(pointer, &serverMilliseconds)
                let now = clock.now
                current = kind == 0 ? nil
                    : (kind, serverClock.arrival(serverMilliseconds: UInt32(truncatingIfNeeded: serverMilliseconds), receivedAt: now,
                                                 monotonicMilliseconds: Self.monotonicMilliseconds()))
                watch(event, current?.arrival)
                return
            }
            watch(event, current.flatMap { Self.comesFrom(event, kind: $0.kind) ? $0.arrival : nil })
        }

        /// The system's monotonic clock (the one a local X server stamps its events with), in
        /// milliseconds.
        private static func monotonicMilliseconds() -> Double {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
        }

        /// True when SDL makes events like `event` out of X events of `kind` (touch comes
        /// through XInput 2, which SDL does not pass on, so it never takes a core event's time).
        private static func comesFrom(_ event: SDL_Event, kind: Int32) -> Bool {
            switch SDL_EventType(rawValue: event.type) {
            case SDL_MOUSEMOTION, SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP: return kind == 1
            case SDL_KEYDOWN, SDL_KEYUP, SDL_TEXTINPUT: return kind == 2
            default: return false
            }
        }
    }

    private var installed: Unmanaged<WatchBox>?
    private var fingerIDs = FingerIDs()
    private let clock: TimeSource
    /// SDL's tick count and the window's clock read together, to put SDL's millisecond
    /// timestamps on the window's clock (to within the millisecond SDL truncates).
    private let ticksOrigin: UInt32
    private let clockOrigin: Double

    /// SDL's queue, with its timestamps mapped onto `clock`.
    init(clock: TimeSource) {
        self.clock = clock
        ticksOrigin = UInt32(truncatingIfNeeded: SDL_GetTicks64())
        clockOrigin = clock.now
    }

    deinit {
        setWatch(nil)
    }

    package func setWatch(_ watch: (@Sendable (SDL_Event, Double?) -> Void)?) {
        if let installed {
            SDL_DelEventWatch(Self.callback, installed.toOpaque())
            installed.release()
            self.installed = nil
            _ = SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_IGNORE)
        }
        guard let watch else { return }
        let box = Unmanaged.passRetained(WatchBox(watch, clock: clock))
        installed = box
        // The X server's own event times arrive in SDL_SYSWMEVENTs, sent just before the SDL
        // events made of each X event.
        _ = SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_ENABLE)
        SDL_AddEventWatch(Self.callback, box.toOpaque())
    }

    package func pump() {
        SDL_PumpEvents()
    }

    package func poll() -> SDL_Event? {
        var event = SDL_Event()
        return SDL_PollEvent(&event) != 0 ? event : nil
    }

    package func identity(of event: SDL_Event) -> Identity {
        Identity(event)
    }

    /// SDL's `timestamp` (milliseconds since SDL started, taken as it queued the event) on the
    /// window's clock; exact to SDL's millisecond.
    package func platformQueueTime(of event: SDL_Event) -> Double? {
        let milliseconds = Int32(bitPattern: event.common.timestamp &- ticksOrigin)
        return clockOrigin + Double(milliseconds) / 1000
    }

    package func appEvent(for event: SDL_Event, windowSize: Size) -> AppEvent {
        AppEvent(event, windowSize: windowSize, fingerIDs: &fingerIDs)
    }

    private static let callback: SDL_EventFilter = { userdata, event in
        guard let userdata, let event else { return 0 }
        Unmanaged<WatchBox>.fromOpaque(userdata).takeUnretainedValue().queued(event)
        return 0
    }
}

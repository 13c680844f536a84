import CSDL

/// Waits with `SDL_Delay`, to the millisecond.
struct SDLSleeper: FrameSleeper {
    func sleep(seconds: Double) {
        SDL_Delay(UInt32(max(1, (seconds * 1000).rounded())))
    }
}

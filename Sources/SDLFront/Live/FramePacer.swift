/// When the window starts each frame: as late as it can, so the frame takes the freshest
/// input off the queue, yet early enough that drawing ends before the refresh it is meant for.
///
/// With vsync the present call waits for the display, so the pacer follows the measured
/// interval between presents. Without it (SDL's software renderer) nothing waits, so the pacer
/// keeps its own grid of refreshes at the display's rate: each frame is aimed at the next line
/// of the grid, and a frame that overruns it starts a new grid rather than bunching up.
struct FramePacer {
    /// Time kept in hand between the planned end of drawing and the refresh, in seconds.
    static let latchMargin = 0.002
    /// Drawing time assumed before any frame has been drawn, in seconds.
    static let assumedDrawing = 0.004
    /// Recent present intervals kept, for the vsync interval's median.
    static let presentHistory = 30
    /// Recent drawing times kept, for their 90th percentile (and the HUD).
    static let drawHistory = 90

    /// True when the present call waits for the display's refresh.
    let hasVSync: Bool
    /// Seconds between refreshes without vsync.
    let refreshInterval: Double
    /// Seconds spent drawing each recent frame (up to its present call).
    private(set) var drawTimes: [Double] = []
    private var presentIntervals: [Double] = []
    private var lastPresentReturn: Double
    /// The refresh the next frame is aimed at, without vsync.
    private var refreshTarget: Double?

    /// A pacer starting at `now` seconds; `refreshRate` (hertz) is the display's, used
    /// without vsync (60 when nil).
    init(hasVSync: Bool, refreshRate: Double?, now: Double) {
        self.hasVSync = hasVSync
        refreshInterval = 1 / (refreshRate ?? 60)
        lastPresentReturn = now
    }

    /// Notes that the frame just drawn took `seconds` to draw.
    mutating func frameDrawn(seconds: Double) {
        drawTimes.append(seconds)
        if drawTimes.count > Self.drawHistory { drawTimes.removeFirst(drawTimes.count - Self.drawHistory) }
    }

    /// Notes that the frame's present call returned at `time` seconds.
    mutating func presented(at time: Double) {
        presentIntervals.append(time - lastPresentReturn)
        if presentIntervals.count > Self.presentHistory { presentIntervals.removeFirst(presentIntervals.count - Self.presentHistory) }
        lastPresentReturn = time
        guard !hasVSync else { return }
        let next = (refreshTarget ?? time) + refreshInterval
        refreshTarget = next > time ? next : time + refreshInterval
    }

    /// When to take input and start drawing the next frame, in seconds: the refresh it is for,
    /// less the 90th percentile of recent drawing times and ``latchMargin``.
    var nextFrameStart: Double {
        let sortedDraws = drawTimes.sorted()
        let drawing = sortedDraws.isEmpty ? Self.assumedDrawing : sortedDraws[min(sortedDraws.count - 1, sortedDraws.count * 9 / 10)]
        return nextRefresh - drawing - Self.latchMargin
    }

    /// The refresh the next frame is for, in seconds.
    private var nextRefresh: Double {
        guard hasVSync else { return refreshTarget ?? lastPresentReturn + refreshInterval }
        let sortedIntervals = presentIntervals.sorted()
        let measured = sortedIntervals.isEmpty ? refreshInterval : sortedIntervals[sortedIntervals.count / 2]
        return lastPresentReturn + min(max(measured, 1.0 / 240), 1.0 / 30)
    }
}

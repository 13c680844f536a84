import Interaction

/// When the window starts each frame: late latching. A frame takes its input (the latch) as late
/// as its predicted cost allows, so the present that shows it comes just after, at the refresh it
/// is meant for.
///
/// A frame's cost is the time from its latch to the return of its present (taking input,
/// drawing, presenting); with vsync, to the present call, since the present then waits for the
/// refresh and that wait is no cost (counting it would move every latch earlier and earlier).
/// The pacer predicts the next frame's cost as the ``costPercentile`` of the last
/// ``costHistory`` frames' costs, and starts the frame that long, plus ``latchMargin``, before
/// the refresh it aims at: a frame that costs what most recent frames cost presents just before
/// its refresh, one that costs more (one in twenty) presents up to the margin late.
///
/// With vsync the present call waits for the display, so the refreshes are the measured
/// interval between presents after the last present. Without it (SDL's software renderer, or
/// Xvfb, which has no refresh at all) nothing waits, so the pacer keeps its own grid of refreshes
/// at the display's rate (60 Hz when it reports none): each frame is aimed at the next line of
/// the grid, so presents stay a refresh apart, and a frame that overruns its line by a whole
/// refresh starts a new grid rather than bunching frames up.
package struct FramePacer {
    /// One frame at 60 Hz, in seconds: the HUD's frame-graph line and the bench's budget of
    /// every transition above 1280×800.
    package static let sixtyHertzFrame = 1.0 / 60
    /// Time kept in hand between the predicted return of the present and the refresh, in seconds.
    package static let latchMargin = 0.001
    /// The cost assumed before any frame has been presented, in seconds.
    static let assumedCost = 0.006
    /// Recent frame costs the prediction looks at: half a second at 60 Hz, so the slow frames of
    /// the window's start-up and draw-path trial leave it soon.
    package static let costHistory = 30
    /// Which of them predicts the next: the 95th percentile (the second slowest of 30).
    static let costPercentile = 0.95
    /// Recent present intervals kept, for the vsync interval's median.
    static let presentHistory = 30
    /// Recent drawing times kept, for the HUD.
    static let drawHistory = 90

    /// True when the present call waits for the display's refresh.
    let hasVSync: Bool
    /// Seconds between refreshes without vsync.
    let refreshInterval: Double
    /// Seconds spent drawing each recent frame (up to its present call).
    package private(set) var drawTimes: [Double] = []
    /// Seconds from latch to present return of each recent frame.
    private(set) var costs: [Double] = []
    /// How the last presented frame was scheduled; nil before the first.
    package private(set) var lastFrame: FrameSchedule?
    private var presentIntervals: [Double] = []
    private var lastPresentReturn: Double
    /// The refresh the next frame is aimed at, without vsync.
    private var refreshTarget: Double?
    /// The frame under way: when it latched, the cost predicted and the refresh it aims at.
    private var current: (latch: Double, estimate: Double, aim: Double)?
    /// When the frame under way called present, if it has.
    private var presentCall: Double?

    /// A pacer starting at `now` seconds; `refreshRate` (hertz) is the display's, used
    /// without vsync (60 when nil).
    package init(hasVSync: Bool, refreshRate: Double?, now: Double) {
        self.hasVSync = hasVSync
        refreshInterval = 1 / (refreshRate ?? 60)
        lastPresentReturn = now
    }

    /// The predicted cost of the next frame, from its latch to its present's return, in seconds:
    /// the ``costPercentile`` of the recent costs, ``assumedCost`` before any. Worked out once a
    /// present, when the costs change, not each time the window asks when to start.
    private(set) var costEstimate = FramePacer.assumedCost
    /// The median of the recent present intervals (with vsync), in seconds; nil before any.
    private var measuredInterval: Double?

    /// The refresh the next frame is for, in seconds.
    var nextRefresh: Double {
        guard hasVSync else { return refreshTarget ?? lastPresentReturn + refreshInterval }
        return lastPresentReturn + min(max(measuredInterval ?? refreshInterval, 1.0 / 240), 1.0 / 30)
    }

    /// When to take input and start the next frame, in seconds: its refresh less the predicted
    /// cost and ``latchMargin``.
    package var nextFrameStart: Double {
        nextRefresh - costEstimate - Self.latchMargin
    }

    /// Notes that the next frame took its input at `time` seconds.
    package mutating func latched(at time: Double) {
        current = (time, costEstimate, nextRefresh)
    }

    /// Notes that the frame just drawn took `seconds` to draw.
    package mutating func frameDrawn(seconds: Double) {
        drawTimes.append(seconds)
        if drawTimes.count > Self.drawHistory { drawTimes.removeFirst(drawTimes.count - Self.drawHistory) }
    }

    /// Notes that the frame calls present at `time` seconds.
    package mutating func presenting(at time: Double) {
        presentCall = time
    }

    /// Notes that the frame's present call returned at `time` seconds.
    package mutating func presented(at time: Double) {
        let aim = current?.aim
        if let current {
            costs.append((hasVSync ? presentCall ?? time : time) - current.latch)
            if costs.count > Self.costHistory { costs.removeFirst(costs.count - Self.costHistory) }
            lastFrame = FrameSchedule(latchedBeforePresent: time - current.latch, costEstimate: current.estimate, presentedAfterRefresh: time - current.aim)
        }
        current = nil
        presentCall = nil
        presentIntervals.append(time - lastPresentReturn)
        if presentIntervals.count > Self.presentHistory { presentIntervals.removeFirst(presentIntervals.count - Self.presentHistory) }
        lastPresentReturn = time
        let sortedCosts = costs.sorted()
        if !sortedCosts.isEmpty { costEstimate = sortedCosts[min(sortedCosts.count - 1, Int(Double(sortedCosts.count) * Self.costPercentile))] }
        guard !hasVSync else {
            let sortedIntervals = presentIntervals.sorted()
            measuredInterval = sortedIntervals[sortedIntervals.count / 2]
            return
        }
        // The next line of the grid (which the first frame's aim starts), unless this present
        // was a whole refresh late.
        let next = (refreshTarget ?? aim ?? time) + refreshInterval
        refreshTarget = next > time ? next : time + refreshInterval
    }
}

/// How one frame was scheduled, as the HUD and the bench say it.
package struct FrameSchedule: Equatable {
    /// Seconds from taking its input to the return of its present.
    package let latchedBeforePresent: Double
    /// The cost the pacer predicted for it when it started it, in seconds.
    package let costEstimate: Double
    /// Seconds its present returned after the refresh it was aimed at (negative: before).
    package let presentedAfterRefresh: Double

    /// "latched 3.1 ms before present, cost est 4.2 ms".
    package var summary: String {
        "latched \(Self.milliseconds(latchedBeforePresent)) before present, cost est \(Self.milliseconds(costEstimate))"
    }

    /// Seconds as milliseconds with one decimal, e.g. "4.2 ms".
    static func milliseconds(_ seconds: Double) -> String {
        "\(DecimalFormat.fixedString(seconds * 1000, decimals: 1)) ms"
    }
}

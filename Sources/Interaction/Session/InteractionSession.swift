import Engine

/// A screen with its interaction controllers and its percent-driven transition: pointer
/// events in, progress and finished transitions out. The window and headless replay both run
/// one, so what the window shows and what a replay reports come from the same code.
public struct InteractionSession {
    /// The configuration in force, with its names looked up.
    public let resolved: ResolvedConfiguration
    /// The transition driver (read it for the state and the presented progress).
    public private(set) var driver: TransitionDriver
    private var controllers: [any InteractionController]
    private var activeController: Int?
    private var openRecord: TransitionRecord?

    /// Creates a session reading time from `clock`.
    public init(configuration: ResolvedConfiguration, clock: TimeSource) {
        resolved = configuration
        controllers = configuration.controllers
        driver = TransitionDriver(clock: clock, duration: configuration.configuration.duration,
                                  completionTiming: configuration.completionTiming)
    }

    /// The progress shown now, 0…1.
    public var presentedProgress: Double { driver.presentedProgress }

    /// The controller holding the transition, if a gesture is in progress.
    public var activeControllerName: String? { activeController.map { controllers[$0].name } }

    /// What the display shows now, for a screen of `size` points.
    public func displayList(size: Size) -> DisplayList {
        resolved.transition.displayList(progress: presentedProgress, direction: resolved.configuration.direction, size: size)
    }

    /// What a release now would measure and decide, while a gesture holds the transition.
    public func pendingRelease() -> (measurement: ReleaseMeasurement, decision: ReleaseDecision)? {
        guard let activeController else { return nil }
        return controllers[activeController].pendingRelease(at: driver.clock.now)
    }

    /// Feeds one pointer event (its time should not be later than the clock's). Returns the
    /// transitions that came to rest.
    public mutating func handle(_ event: PointerEvent) -> [TransitionRecord] {
        var rested = advance()
        if let index = activeController {
            if let report = controllers[index].handle(event, driver: &driver) { apply(report, from: index) }
        } else {
            for index in controllers.indices {
                guard let report = controllers[index].handle(event, driver: &driver) else { continue }
                apply(report, from: index)
                if case .began = report { break }
            }
        }
        rested += advance()
        return rested
    }

    /// Moves the transition on to the clock's time. Returns the transitions that came to rest.
    public mutating func advance() -> [TransitionRecord] {
        guard let outcome = driver.advance(), var record = openRecord else { return [] }
        record.outcome = outcome.rawValue
        record.endedAt = driver.clock.now
        if let endTime = driver.lastCompletionEndTime { record.endedAt = endTime }
        openRecord = nil
        return [record]
    }

    private mutating func apply(_ report: ControllerReport, from index: Int) {
        switch report {
        case .began(let time):
            activeController = index
            if openRecord == nil {
                openRecord = TransitionRecord(controller: controllers[index].name, policy: controllers[index].policy.name,
                                              beganAt: time, releasedAt: time, progressAtRelease: 0, velocityAtRelease: 0,
                                              decision: .cancel, reason: "", outcome: "", endedAt: time, grabs: 0)
            } else {
                openRecord?.grabs += 1
            }
        case .released(let release):
            activeController = nil
            openRecord?.releasedAt = release.time
            openRecord?.progressAtRelease = release.measurement.progress
            openRecord?.velocityAtRelease = release.measurement.velocity
            openRecord?.decision = release.decision.verdict
            openRecord?.reason = release.decision.reason
        }
    }
}

import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Traces

/// Everything the playground window does that is not SDL: what each event means, the live
/// stage, the replay, recording and the event log. The window feeds it timed events and frame
/// times and draws what it holds; tests feed it the same way, on virtual time.
package final class PlaygroundCore {
    /// What the window is told to do by the core, once per request.
    package enum Request: Equatable {
        /// Save a screenshot now.
        case screenshot
        /// The window size changed: rebuild what depends on it.
        case rebuildForSize
    }

    /// Where things are drawn, in pixels: the window tells the core so that presses can be
    /// matched to the scrubber.
    package struct Layout {
        /// Pixels per point.
        var scale: Double = 1
        /// The drawable size in pixels.
        var outputSize: (width: Int, height: Int) = (800, 600)

        /// Drawn at `scale` pixels per point into `outputSize` pixels.
        package init(scale: Double = 1, outputSize: (width: Int, height: Int) = (800, 600)) {
            self.scale = scale
            self.outputSize = outputSize
        }

        /// Where the replay scrubber is, in pixels.
        package var scrubberArea: (x: Double, y: Double, width: Double, height: Double) {
            (12 * scale, Double(outputSize.height) - 34 * scale - 56 * scale - 26 * scale, Double(outputSize.width) - 24 * scale, 22 * scale)
        }
    }

    /// What a new recording's header says about the window and its devices.
    package struct RecordingContext {
        /// The SDL video driver, for the device names.
        package var videoDriver = "virtual"
        /// The program's name and version.
        var program = "gesture-lab \(LabVersion.current)"
        /// How the window stamps its events.
        var clockDescription = "SDL event watch: SDL_GetPerformanceCounter as SDL queues each event, paired with it by its bytes"

        /// The header of a recording `created` (ISO 8601) under `configuration`, drawn at
        /// `pixelDensity` pixels per point.
        func header(created: String, configuration: SessionConfiguration, pixelDensity: Double) -> TraceHeader {
            TraceHeader(created: created, program: program, windowSize: configuration.windowSize, pixelDensity: pixelDensity,
                        devices: [TraceHeader.Device(kind: .mouse, name: "SDL mouse (\(videoDriver))"),
                                  TraceHeader.Device(kind: .touch, name: "SDL touch (\(videoDriver))")],
                        clock: clockDescription, configuration: configuration,
                        provenance: TraceProvenance(kind: .person, details: [("input", .string("window"))]))
        }
    }

    private(set) var options: PlaygroundOptions
    /// The configuration in force (its window size is the window's).
    package private(set) var configuration: SessionConfiguration
    /// The live stage.
    package private(set) var stage: Stage
    /// A trace being replayed, if any.
    package private(set) var replay: PlaygroundReplay?
    let exitWhenReplayEnds: Bool
    package var layout = Layout()
    package var recordingContext = RecordingContext()

    /// True when an odd number of transitions finished: the screen that was the destination
    /// is now where the next transition starts.
    private(set) var screensSwapped = false

    /// True when the window draws the two screens in each other's places: a finished
    /// transition rests at progress 1 on its destination, and the screens change places only
    /// when the next transition begins, so after a finish the destination stays and after a
    /// cancel the source does. A replay always starts from the first screen.
    package var showsSwappedScreens: Bool {
        replay == nil && screensSwapped != (stage.session.driver.state == .finished)
    }
    /// The last transition that came to rest live, with its decision and reason.
    package private(set) var lastRecord: TransitionRecord?
    /// The live pointers' fading trails.
    package private(set) var trail = PointerTrail()
    /// Alt+drag and Ctrl+wheel pinches.
    private var mousePinch: MousePinchEmulation
    /// Why an edge pan did not follow a drag.
    private var edgeZoneHint = EdgeZoneHint()
    private var scrubber = ReplayScrubber()

    /// The recording in progress (R), if any.
    package private(set) var recorder: Recorder?
    private(set) var lastRecordingPath: String?
    private var logs: PlaygroundLogs

    /// The HUD, the help and the message of the moment.
    package var overlay: OverlayState
    /// False once the person asked to quit.
    package private(set) var running = true
    /// True once an error was reported (the exit code says so).
    package private(set) var hadError = false
    /// What the window must do, oldest first; the window empties it.
    package var requests: [Request] = []

    /// A core for `options`; `windowSize` is the window's real size in points.
    package init(options: PlaygroundOptions, replay: PlaygroundReplay?, exitWhenReplayEnds: Bool, windowSize: Size, startTime: Double) throws {
        self.options = options
        self.replay = replay
        self.exitWhenReplayEnds = exitWhenReplayEnds
        overlay = OverlayState(showsHUD: options.showHUD)
        var configuration = options.configuration
        configuration.windowSize = windowSize
        self.configuration = configuration
        mousePinch = MousePinchEmulation(center: windowSize.center)
        // A configuration the window cannot use is an input problem, said as the commands say it.
        let resolved: ResolvedConfiguration
        do { resolved = try configuration.resolve() } catch { throw InputError(description: error.description) }
        stage = Stage(configuration: resolved, startTime: startTime)
        logs = try PlaygroundLogs(options: options)
    }

    /// Appends what the HUD shows as the pending decision at window time `now`, if a gesture
    /// holds the transition (called once per drawn frame).
    package func logPendingDecision(at now: Double) {
        guard logs.logsPendingDecisions, replay == nil, let pending = stage.session.pendingRelease() else { return }
        if let problem = logs.logPending(pending.measurement, pending.decision, controller: stage.session.activeControllerKind, at: now) {
            reportError(problem, now: now)
        }
    }

    /// The pointers in contact live.
    package var livePointers: PointersInContact { stage.contacts }

    // MARK: Time

    /// Moves everything on to window time `now` seconds: the wheel pinch's idle lift, the live
    /// transition's completion, the replay and the trails.
    func advance(to now: Double) {
        for event in mousePinch.events(idleAt: now) { deliver(event) }
        log(stage.advance(to: now), now: now)
        if replay != nil {
            replay?.update(wallTime: now)
            if exitWhenReplayEnds, replay?.isDone == true { running = false }
        }
        trail.prune(now: now)
    }

    // MARK: Input

    /// Handles one event that arrived at `timed.arrival` seconds on the window's clock.
    func handle(_ timed: TimedAppEvent) {
        let now = timed.arrival
        switch timed.event {
        case .quit:
            running = false
        case .key(let key, let shift, _, _):
            handleKey(key, shift: shift, now: now)
        case .pointer(let id, let kind, let phase, let position):
            if replay != nil {
                scrubber.handle(phase: phase, position: position, layout: layout, replay: &replay, now: now)
                return
            }
            let event = PointerEvent(pointerID: id, kind: kind, phase: phase, position: position, timestamp: now)
            // With Alt held, a mouse drag gets a mirrored second pointer: a pinch without a touchscreen.
            let events = kind == .mouse ? mousePinch.events(forMouse: event) : [event]
            for pointerEvent in events {
                // A second down of a pointer already down is a repeat, not a new contact.
                if pointerEvent.phase == .down && stage.contacts.contains(pointerEvent.pointerID) { continue }
                deliver(pointerEvent)
            }
        case .wheel(let notches, let position):
            guard replay == nil else { return }
            for event in mousePinch.events(wheelNotches: notches, at: position, time: now) { deliver(event) }
        case .altChanged(let held):
            mousePinch.altChanged(held: held)
        case .controlChanged(let held):
            mousePinch.controlChanged(held: held)
        case .buttonReleasedElsewhere:
            // Motion without the button while the mouse is down: it was released outside.
            if let mouse = stage.contacts.lastEvent(of: 0), replay == nil {
                for event in mousePinch.events(forMouse: PointerEvent(pointerID: 0, kind: .mouse, phase: .cancel, position: mouse.position, timestamp: now)) {
                    deliver(event)
                }
            }
        case .resized:
            requests.append(.rebuildForSize)
        case .focusLost:
            mousePinch.releaseModifiers()
            for cancellation in stage.contacts.cancellations(at: now) { deliver(cancellation) }
        case .droppedFile(let path):
            startReplay(path: path, now: now)
        case .ignored:
            break
        }
    }

    /// The window's size changed to `size` points: applied when no gesture is in progress.
    package func windowResized(to size: Size) {
        mousePinch.center = size.center
        if size != configuration.windowSize && stage.session.driver.state.isAtRest && stage.contacts.isEmpty {
            var changed = configuration
            changed.windowSize = size
            if let resolved = try? changed.resolve() {
                configuration = changed
                stage = Stage(configuration: resolved, startTime: stage.now)
            }
        }
    }

    /// One live pointer event into the stage, the trail and the recording.
    private func deliver(_ pointerEvent: PointerEvent) {
        guard stage.accepts(pointerEvent) else { return }
        trail.add(id: pointerEvent.pointerID, position: pointerEvent.position, time: pointerEvent.timestamp, phase: pointerEvent.phase)
        if let recorder, let problem = recorder.record(pointerEvent) {
            reportError(problem, now: pointerEvent.timestamp)
        }
        log(stage.feed(pointerEvent), now: pointerEvent.timestamp)
        if let hint = edgeZoneHint.note(pointerEvent, transitionActive: stage.session.activeControllerKind != nil, configuration: configuration) {
            flash(hint, now: pointerEvent.timestamp)
        }
    }

    /// The edge pan's zone, when an edge pan listens, in points (``EdgeZoneHint/zone(_:)``).
    package var edgeZone: (edge: ScreenEdge, width: Double, rect: Rect)? {
        EdgeZoneHint.zone(configuration)
    }

    private func handleKey(_ key: AppEvent.Key, shift: Bool, now: Double) {
        guard let action = KeyBindings.action(for: key, shift: shift) else { return }
        switch action {
        case .quit:
            running = false
        case .toggleHUD:
            overlay.showsHUD.toggle()
        case .toggleHelp:
            overlay.showsHelp.toggle()
        case .toggleRecording:
            toggleRecording(now: now)
        case .screenshot:
            requests.append(.screenshot)
        case .replayLastRecording:
            if let path = lastRecordingPath { startReplay(path: path, now: now) } else { flash("nothing recorded yet: press R to record", now: now) }
        case .cycleTransition(let backwards):
            cycle(\.transition, in: TransitionName.all, backwards: backwards, now: now)
        case .nextController:
            cycleControllers(now: now)
        case .cyclePolicy(let backwards):
            let choices = options.policyChoices
            let index = choices.firstIndex(of: configuration.policy) ?? 0
            reconfigure(now: now) { $0.policy = choices[(index + (backwards ? choices.count - 1 : 1)) % choices.count] }
        case .nextCompletion:
            let timings = CompletionTiming.Name.allCases
            let index = configuration.completion.flatMap { timings.firstIndex(of: $0) }.map { ($0 + 1) % timings.count } ?? 0
            reconfigure(now: now) { $0.completion = timings[index] }
        case .toggleDirection:
            reconfigure(now: now) { $0.direction = $0.direction.reversed }
        case .cyclePredictor(let backwards):
            // Drive the transition from the next predictor (none, then each of Chromium's).
            cycle(\.prediction, in: PredictorName.allCases, backwards: backwards, now: now)
        case .pickTransition(let index):
            let transitions = TransitionName.all
            if transitions.indices.contains(index) {
                reconfigure(now: now) { $0.transition = transitions[index] }
            }
        case .toggleReplayPause:
            replay?.togglePause(wallTime: now)
        case .stepReplay:
            replay?.step(frameInterval: 1.0 / 60, wallTime: now)
        case .slowerReplay:
            if let speed = replay?.speed { replay?.setSpeed(speed / 1.5, wallTime: now) }
        case .fasterReplay:
            if let speed = replay?.speed { replay?.setSpeed(speed * 1.5, wallTime: now) }
        }
    }

    private func cycle<Value: Equatable>(_ field: WritableKeyPath<SessionConfiguration, Value>, in values: [Value], backwards: Bool, now: Double) {
        let index = values.firstIndex(of: configuration[keyPath: field]) ?? 0
        let next = (index + (backwards ? values.count - 1 : 1)) % values.count
        reconfigure(now: now) { $0[keyPath: field] = values[next] }
    }

    /// Each controller alone, then edge pan, swipe and pinch together competing in the arena.
    static let controllerChoices: [[ControllerKind]] = ControllerKind.allCases.map { [$0] } + [[.edgePan, .swipe, .pinch]]

    private func cycleControllers(now: Double) {
        let choices = Self.controllerChoices
        let index = choices.firstIndex(of: configuration.controllers) ?? -1
        reconfigure(now: now) { $0.controllers = choices[(index + 1) % choices.count] }
    }

    /// Applies a change to the configuration when no gesture is in progress.
    private func reconfigure(now: Double, _ change: (inout SessionConfiguration) -> Void) {
        guard stage.session.driver.state.isAtRest, stage.contacts.isEmpty else {
            flash("finish the gesture first", now: now)
            return
        }
        var changed = configuration
        change(&changed)
        do {
            stage = Stage(configuration: try changed.resolve(), startTime: stage.now)
            configuration = changed
            screensSwapped = false
            lastRecord = nil
            flash("\(ControllerKind.title(changed.controllers)) · \(changed.policy) · \(changed.transition) · \(changed.direction.rawValue) · completion \(changed.completion?.rawValue ?? "policy's") · predict \(changed.prediction.rawValue)\(changed.controllers.contains(.edgePan) ? " · edge pan \(changed.edgeRecognizer?.rawValue ?? "policy's (\(changed.resolvedEdgeRecognizer.rawValue))")" : "")", now: now)
        } catch {
            flash("\(error)", now: now)
        }
    }

    // MARK: Recording and replay

    /// Starts recording at `now` (window seconds: the trace's time zero), or stops and saves.
    package func toggleRecording(now: Double) {
        if let recorder {
            do {
                let saved = try recorder.finish(at: now)
                lastRecordingPath = saved
                if recorder.failure != nil { reportError("the recording could not be written where asked; saved it to \(saved)", now: now) }
                Console.out("recorded \(recorder.eventCount) events to \(saved)")
                flash("saved \(saved)", now: now)
            } catch {
                reportError("\(error)", now: now)
            }
            self.recorder = nil
            return
        }
        let header = recordingContext.header(created: Date.ISO8601FormatStyle().format(options.wallClock.now()), configuration: configuration,
                                             pixelDensity: layout.scale)
        let started = Recorder(folder: options.recordFolder, header: header, startTime: now, wallClock: options.wallClock)
        recorder = started
        if let failure = started.failure {
            reportError("cannot write to \(options.recordFolder) (\(failure)); recording in memory, it will be saved elsewhere", now: now)
        } else {
            Console.out("recording to \(started.path)")
        }
    }

    private func startReplay(path: String, now: Double) {
        do {
            let trace = try Trace.load(path: path)
            let resolved = try trace.header.configuration.resolve()
            replay = PlaygroundReplay(trace: trace, path: path, configuration: resolved, speed: 1)
            flash("replaying \(path)", now: now)
        } catch {
            reportError("cannot replay \(path): \(error)", now: now)
        }
    }

    /// Saves a recording in progress and closes the event log.
    package func shutDown(at now: Double) {
        if recorder != nil { toggleRecording(now: now) }
        for problem in logs.finish() { Console.error(problem) }
    }

    private func log(_ records: [TransitionRecord], now: Double) {
        for record in records {
            lastRecord = record
            if record.outcome == .finished { screensSwapped.toggle() }
            if let problem = logs.log(record) { reportError(problem, now: now) }
        }
    }

    /// Prints `text` and shows it on the HUD (a message from the server thread).
    func notice(_ text: String, now: Double) {
        Console.out(text)
        flash(text, now: now)
    }

    /// Shows `text` on the HUD for three seconds from `now`.
    package func flash(_ text: String, now: Double) {
        overlay.flash(text, now: now)
    }

    /// Prints `text` as an error, shows it, and makes the exit code say so.
    package func reportError(_ text: String, now: Double) {
        Console.error(text)
        hadError = true
        flash(text, now: now)
    }

    /// Stops the window's loop.
    package func quit() {
        running = false
    }
}

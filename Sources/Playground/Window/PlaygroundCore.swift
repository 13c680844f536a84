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
    private var mirroredPinch: MirroredPinchEmulator
    private var wheelPinch = WheelPinchEmulator()
    private var altHeld = false
    private var controlHeld = false
    /// Where each live pointer went down, and whether a transition began since, to say when
    /// an edge pan ignored a drag that began outside its zone.
    private var downs: [Int: (position: Point, transitionBegan: Bool)] = [:]
    private var scrubbing = false

    package private(set) var recorder: Recorder?
    private(set) var lastRecordingPath: String?
    private var eventsOut: OutputFile?
    private var hudLog: OutputFile?

    /// Whether the HUD and the help overlay are shown.
    package private(set) var showHUD: Bool
    package private(set) var showHelp = false
    /// A message on the HUD and until when (window seconds).
    package private(set) var message: (text: String, until: Double)?
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
        showHUD = options.showHUD
        var configuration = options.configuration
        configuration.windowSize = windowSize
        self.configuration = configuration
        mirroredPinch = MirroredPinchEmulator(center: windowSize.center)
        // A configuration the window cannot use is an input problem, said as the commands say it.
        let resolved: ResolvedConfiguration
        do { resolved = try configuration.resolve() } catch { throw InputError(description: error.description) }
        stage = Stage(configuration: resolved, startTime: startTime)
        eventsOut = try options.eventsOut.map(OutputFile.appending)
        hudLog = try options.hudLog.map(OutputFile.appending)
    }

    /// Appends what the HUD shows as the pending decision at window time `now`, if a gesture
    /// holds the transition (called once per drawn frame).
    package func logPendingDecision(at now: Double) {
        guard let hudLog, replay == nil, let pending = stage.session.pendingRelease() else { return }
        let line = JSONValue.object([
            ("t", .number(ReplayReport.rounded(now, 6))),
            ("controller", .string(stage.session.activeControllerKind?.rawValue ?? "")),
            ("progress", .number(ReplayReport.rounded(pending.measurement.progress, 6))),
            ("velocity", .number(ReplayReport.rounded(pending.measurement.velocity, 3))),
            ("decision", .string(pending.decision.verdict.rawValue)),
            ("reason", .string(pending.decision.reason)),
        ])
        do { try hudLog.append(JSONWriter.compact(line) + "\n") } catch {
            self.hudLog = nil
            reportError("\(error); the HUD log stops here", now: now)
        }
    }

    /// The pointers in contact live.
    package var livePointers: PointersInContact { stage.contacts }

    // MARK: Time

    /// Moves everything on to window time `now` seconds: the wheel pinch's idle lift, the live
    /// transition's completion, the replay and the trails.
    func advance(to now: Double) {
        for event in wheelPinch.events(idleAt: now) { deliver(event) }
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
                handleReplayPointer(phase: phase, position: position, now: now)
                return
            }
            let event = PointerEvent(pointerID: id, kind: kind, phase: phase, position: position, timestamp: now)
            // With Alt held, a mouse drag gets a mirrored second pointer: a pinch without a touchscreen.
            let events = kind == .mouse ? mirroredPinch.events(for: event, altHeld: altHeld) : [event]
            for pointerEvent in events {
                // A second down of a pointer already down is a repeat, not a new contact.
                if pointerEvent.phase == .down && stage.contacts.contains(pointerEvent.pointerID) { continue }
                deliver(pointerEvent)
            }
        case .wheel(let notches, let position):
            guard controlHeld, replay == nil else { return }
            for event in wheelPinch.events(notches: notches, at: position, time: now) { deliver(event) }
        case .altChanged(let held):
            altHeld = held
        case .controlChanged(let held):
            controlHeld = held
        case .buttonReleasedElsewhere:
            // Motion without the button while the mouse is down: it was released outside.
            if let mouse = stage.contacts.lastEvent(of: 0), replay == nil {
                for event in mirroredPinch.events(for: PointerEvent(pointerID: 0, kind: .mouse, phase: .cancel, position: mouse.position, timestamp: now),
                                                  altHeld: altHeld) {
                    deliver(event)
                }
            }
        case .resized:
            requests.append(.rebuildForSize)
        case .focusLost:
            altHeld = false
            controlHeld = false
            for cancellation in stage.contacts.cancellations(at: now) { deliver(cancellation) }
        case .droppedFile(let path):
            startReplay(path: path, now: now)
        case .ignored:
            break
        }
    }

    /// The window's size changed to `size` points: applied when no gesture is in progress.
    package func windowResized(to size: Size) {
        mirroredPinch.center = size.center
        if size != configuration.windowSize && stage.session.driver.state.isAtRest && stage.contacts.isEmpty {
            var changed = configuration
            changed.windowSize = size
            if let resolved = try? changed.resolve() {
                configuration = changed
                stage = Stage(configuration: resolved, startTime: stage.now)
            }
        }
    }

    /// During a replay the pointer seeks on the scrubber; a press elsewhere once the replay
    /// has ended goes back to live input.
    private func handleReplayPointer(phase: PointerPhase, position: Point, now: Double) {
        let area = layout.scrubberArea
        let scale = layout.scale
        let x = position.x * scale
        let y = position.y * scale
        let onScrubber = y >= area.y - 8 * scale && y <= area.y + area.height + 8 * scale
        if phase == .down && !onScrubber {
            if replay?.isDone == true { replay = nil }
            return
        }
        if (phase == .down || (phase == .move && scrubbing)) && (onScrubber || scrubbing), let current = replay {
            scrubbing = phase != .up
            let fraction = min(max((x - area.x) / area.width, 0), 1)
            replay?.seek(to: current.startTime + fraction * (current.endTime - current.startTime), wallTime: now)
        }
        if phase.endsContact { scrubbing = false }
    }

    /// One live pointer event into the stage, the trail and the recording.
    private func deliver(_ pointerEvent: PointerEvent) {
        guard stage.accepts(pointerEvent) else { return }
        trail.add(id: pointerEvent.pointerID, position: pointerEvent.position, time: pointerEvent.timestamp, phase: pointerEvent.phase)
        if let recorder, let problem = recorder.record(pointerEvent) {
            reportError(problem, now: pointerEvent.timestamp)
        }
        log(stage.feed(pointerEvent), now: pointerEvent.timestamp)
        noteEdgeZone(after: pointerEvent)
    }

    /// The edge pan's zone, when an edge pan listens, in points: where the pointer must be when
    /// the pan is recognised (MDTransitioning) or when it goes down (the other references), so a
    /// drag that begins outside it never begins.
    package var edgeZone: (edge: ScreenEdge, width: Double, rect: Rect)? {
        guard configuration.controllers.contains(.edgePan) else { return nil }
        let width = configuration.tunables.edgeZoneWidth
        return (configuration.edge, width, configuration.edge.zone(in: configuration.windowSize, width: width))
    }

    /// Says so when a drag that began outside the edge zone ended with no transition, so a
    /// person knows why the edge pan did not follow.
    private func noteEdgeZone(after event: PointerEvent) {
        guard let zone = edgeZone else { return }
        if event.phase == .down { downs[event.pointerID] = (event.position, false) }
        if stage.session.activeControllerKind != nil { downs[event.pointerID]?.transitionBegan = true }
        guard event.phase.endsContact, let down = downs.removeValue(forKey: event.pointerID), !down.transitionBegan else { return }
        let zoneText = "the edge pan's \(DecimalFormat.string(zone.width, decimals: 1))-pt zone"
        let recognizer = configuration.resolvedEdgeRecognizer
        if zone.edge.zoneContains(down.position, in: configuration.windowSize, width: zone.width) {
            // MDTransitioning tests the zone where the pan is recognised, past the slop; the others
            // took the touch-down and let it go for a rule of their own (docs/policies.md).
            flash(recognizer == .md ? "that drag had left \(zoneText) when it moved past the slop, where the edge pan is recognised"
                                    : "that drag went down in \(zoneText) but \(recognizer.rawValue) did not take it (too short, too late or across the edge)",
                  now: event.timestamp)
        } else {
            let distance = zone.edge.distance(of: down.position, in: configuration.windowSize)
            flash("that drag began \(DecimalFormat.string(distance, decimals: 0)) pt from the \(zone.edge.rawValue) edge, outside \(zoneText)",
                  now: event.timestamp)
        }
    }

    private func handleKey(_ key: AppEvent.Key, shift: Bool, now: Double) {
        guard let action = KeyBindings.action(for: key, shift: shift) else { return }
        switch action {
        case .quit:
            running = false
        case .toggleHUD:
            showHUD.toggle()
        case .toggleHelp:
            showHelp.toggle()
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
        let header = TraceHeader(created: Date.ISO8601FormatStyle().format(options.wallClock.now()), program: recordingContext.program,
                                 windowSize: configuration.windowSize, pixelDensity: layout.scale,
                                 devices: [TraceHeader.Device(kind: .mouse, name: "SDL mouse (\(recordingContext.videoDriver))"),
                                           TraceHeader.Device(kind: .touch, name: "SDL touch (\(recordingContext.videoDriver))")],
                                 clock: recordingContext.clockDescription,
                                 configuration: configuration,
                                 provenance: TraceProvenance(kind: .person, details: [("input", .string("window"))]))
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
        for log in [eventsOut, hudLog].compactMap({ $0 }) {
            do { try log.finish() } catch { Console.error("\(error)") }
        }
        eventsOut = nil
        hudLog = nil
    }

    private func log(_ records: [TransitionRecord], now: Double) {
        for record in records {
            lastRecord = record
            if record.outcome == .finished { screensSwapped.toggle() }
            do { try eventsOut?.append(ReplayReport.line(record) + "\n") } catch {
                eventsOut = nil
                reportError("\(error); --events-out stops here", now: now)
            }
        }
    }

    /// Where the phone's study is (`play --serve --study`), shown on the HUD until it changes.
    package var studyProgress: String?

    /// Prints `text` and shows it on the HUD (a message from the server thread).
    func notice(_ text: String, now: Double) {
        Console.out(text)
        flash(text, now: now)
    }

    /// Shows `text` on the HUD for three seconds from `now`.
    package func flash(_ text: String, now: Double) {
        message = (text, now + 3)
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

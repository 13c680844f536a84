import CSDL
import Engine
import Foundation
import Interaction

/// The playground window: a person drags, pinches and records; the transition follows live
/// with its threshold and the pending decision on the HUD.
final class Playground {
    private let window: Window
    private let renderer: Renderer
    private let clock = MonotonicClock()
    private var options: PlaygroundOptions
    private var text: TextPainter
    private var screens: ScreenTextures
    private var scale: Double
    private var outputSize: (width: Int, height: Int)

    private var configuration: SessionConfiguration
    private var sessionClock = VirtualClock()
    private var session: InteractionSession
    private var screensSwapped = false
    private var lastRecord: TransitionRecord?
    private var livePointers: [Int: PointerEvent] = [:]
    private var trail = PointerTrail()
    private var fingerIDs = FingerIDs()
    private var mirroredPinch: MirroredPinchEmulator
    private var wheelPinch = WheelPinchEmulator()
    private var altHeld = false

    private var recorder: Recorder?
    private var lastRecordingPath: String?
    private var eventsOut: FileHandle?
    private var replay: PlaygroundReplay?
    private let exitWhenReplayEnds: Bool

    private var showHUD: Bool
    private var showHelp = false
    private var message: (text: String, until: Double)?
    private var frameTimes: [Double] = []
    private var drawTimes: [Double] = []
    private var timeline = GestureTimeline()
    private var scrubbing = false
    private var lastFrameStart: Double?
    private var running = true
    private var presentedFrames = 0
    private var presentIntervals: [Double] = []
    private var lastPresentReturn = 0.0
    private let arrivals: ArrivalStamps
    private var hadError = false
    private let layerPainter = WindowLayerPainter()

    /// Opens the window; throws ``DisplayError`` when there is no usable display.
    init(options: PlaygroundOptions, replay: PlaygroundReplay?, exitWhenReplayEnds: Bool) throws {
        self.options = options
        self.configuration = options.configuration
        self.replay = replay
        self.exitWhenReplayEnds = exitWhenReplayEnds
        showHUD = options.showHUD
        mirroredPinch = MirroredPinchEmulator(center: options.windowSize.center)
        arrivals = ArrivalStamps(clock: clock)
        guard StartCommand.hasDisplay else {
            throw DisplayError(description: "no display: neither DISPLAY nor WAYLAND_DISPLAY is set (try 'gesture-lab demo', or run under Xvfb)")
        }
        do {
            window = try Window(library: try SDLLibrary(video: true), title: "Gesture Lab",
                                width: Int(options.windowSize.width), height: Int(options.windowSize.height))
            renderer = try Renderer(window: window)
        } catch let error as SDLError {
            throw DisplayError(description: "cannot open the window: \(error.description)")
        }
        outputSize = renderer.outputSize
        scale = Double(outputSize.width) / max(Double(window.size.width), 1)
        text = try TextPainter(renderer: renderer, scale: scale)
        screens = try ScreenPainter.makeTextures(renderer: renderer, text: text, width: outputSize.width, height: outputSize.height, scale: scale)
        configuration.windowSize = Size(width: Double(window.size.width), height: Double(window.size.height))
        session = InteractionSession(configuration: try ConfigurationOptions.resolveForWindow(configuration), clock: sessionClock)
        if let path = options.eventsOut {
            try OutputFiles.createParentFolder(of: path)
            if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw InputError(description: "\(path): cannot open for writing")
            }
            handle.seekToEndOfFile()
            eventsOut = handle
        }
    }

    /// Opens the window and runs it until the person quits.
    static func launch(options: PlaygroundOptions, replay: PlaygroundReplay? = nil, exitWhenReplayEnds: Bool = false) throws -> ExitCode {
        let playground = try Playground(options: options, replay: replay, exitWhenReplayEnds: exitWhenReplayEnds)
        return playground.run()
    }

    /// The main loop.
    func run() -> ExitCode {
        Console.out("Gesture Lab: window open (\(window.library.videoDriver), renderer \(renderer.driverName)\(renderer.hasVSync ? ", vsync" : "")). Press H for help, Q to quit.")
        arrivals.install()
        lastPresentReturn = clock.now
        if options.recordAtStart { toggleRecording() }
        options.latencyProbe?.start(windowID: window.id, width: window.size.width, height: window.size.height)
        let screenshotAt = options.screenshotAfter.map { clock.now + $0 }
        var event = SDL_Event()
        while running {
            let frameStart = clock.now
            if let last = lastFrameStart {
                frameTimes.append(frameStart - last)
                if frameTimes.count > 90 { frameTimes.removeFirst(frameTimes.count - 90) }
            }
            lastFrameStart = frameStart
            // Take the queued events only now, just before drawing, so the frame shows the
            // freshest input; each keeps the time it arrived, stamped by the event watch.
            var dequeueTimes: [Double] = []
            while SDL_PollEvent(&event) != 0 {
                let dequeued = clock.now
                let arrived = min(arrivals.take() ?? dequeued, dequeued)
                let appEvent = AppEvent(event, windowSize: configuration.windowSize, fingerIDs: &fingerIDs)
                if case .pointer = appEvent { dequeueTimes.append(dequeued) }
                handle(appEvent, at: arrived)
            }
            let now = clock.now
            for event in wheelPinch.events(idleAt: now) { deliver(event) }
            sessionClock.advanceTime(to: now)
            log(session.advance())
            if replay != nil {
                replay?.update(wallTime: now)
                if exitWhenReplayEnds, replay?.isDone == true { running = false }
            }
            trail.prune(now: now)
            let shown = replay?.replay.session ?? session
            timeline.add(time: replay?.time ?? now, progress: shown.presentedProgress, state: shown.driver.state)
            let drawStart = clock.now
            draw(now: now)
            drawTimes.append(clock.now - drawStart)
            if drawTimes.count > 90 { drawTimes.removeFirst(drawTimes.count - 90) }
            renderer.present()
            presentIntervals.append(clock.now - lastPresentReturn)
            if presentIntervals.count > 30 { presentIntervals.removeFirst(presentIntervals.count - 30) }
            lastPresentReturn = clock.now
            presentedFrames += 1
            if presentedFrames == 1 && options.reportFirstFrame { Console.out("first-frame-monotonic: \(ChildProcess.monotonicNow)") }
            if let limit = options.quitAfterFrames, presentedFrames >= limit { running = false }
            if let probe = options.latencyProbe {
                probe.framePresented(dequeueTimes: dequeueTimes, presentReturned: clock.now)
                if probe.isFinished { running = false }
            }
            if let screenshotAt, now >= screenshotAt {
                saveScreenshot()
                running = false
            }
            waitUntilJustBeforeNextFrame()
        }
        shutDown()
        return hadError ? .failure : .success
    }

    /// Waits until just before the next frame is due (the display's refresh with vsync, 60 Hz
    /// without), leaving events in SDL's queue but pumping them every millisecond so the
    /// event watch stamps each as it arrives.
    private func waitUntilJustBeforeNextFrame() {
        let sortedIntervals = presentIntervals.sorted()
        let measured = sortedIntervals.isEmpty ? 1.0 / 60 : sortedIntervals[sortedIntervals.count / 2]
        let interval = renderer.hasVSync ? min(max(measured, 1.0 / 240), 1.0 / 30) : 1.0 / 60
        let sortedDraws = drawTimes.sorted()
        let drawing = sortedDraws.isEmpty ? 0.004 : sortedDraws[min(sortedDraws.count - 1, sortedDraws.count * 9 / 10)]
        let deadline = lastPresentReturn + interval - drawing - Self.latchMargin
        while running, clock.now < deadline {
            SDL_PumpEvents()
            SDL_Delay(1)
        }
    }

    /// Time kept in hand between starting a frame and the refresh it is meant for, in seconds.
    static let latchMargin = 0.002

    // MARK: Input

    private func handle(_ event: AppEvent, at now: Double) {
        switch event {
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
                let id = pointerEvent.pointerID
                if pointerEvent.phase == .move && livePointers[id] == nil { continue }
                if pointerEvent.phase == .down && livePointers[id] != nil { continue }
                if pointerEvent.phase.endsContact && livePointers[id] == nil { continue }
                deliver(pointerEvent)
            }
        case .wheel(let notches, let control, let position):
            guard control, replay == nil else { return }
            for event in wheelPinch.events(notches: notches, at: position, time: now) { deliver(event) }
        case .altChanged(let held):
            altHeld = held
        case .buttonReleasedElsewhere:
            // Motion without the button while the mouse is down: it was released outside.
            if let mouse = livePointers[0], replay == nil {
                for event in mirroredPinch.events(for: PointerEvent(pointerID: 0, kind: .mouse, phase: .cancel, position: mouse.position, timestamp: now),
                                                  altHeld: altHeld) where livePointers[event.pointerID] != nil {
                    deliver(event)
                }
            }
        case .resized:
            rebuildForSize()
        case .focusLost:
            cancelLivePointers(at: now)
        case .droppedFile(let path):
            startReplay(path: path)
        case .ignored:
            break
        }
    }

    /// During a replay the pointer seeks on the scrubber; a press elsewhere once the replay
    /// has ended goes back to live input.
    private func handleReplayPointer(phase: PointerPhase, position: Point, now: Double) {
        let area = scrubberArea
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

    private func deliver(_ pointerEvent: PointerEvent) {
        if pointerEvent.phase.endsContact { livePointers[pointerEvent.pointerID] = nil } else { livePointers[pointerEvent.pointerID] = pointerEvent }
        trail.add(id: pointerEvent.pointerID, position: pointerEvent.position, time: pointerEvent.timestamp, phase: pointerEvent.phase)
        if let recorder, let problem = recorder.record(pointerEvent) {
            reportError(problem)
        }
        sessionClock.advanceTime(to: pointerEvent.timestamp)
        log(session.handle(pointerEvent))
    }

    /// Cancels every pointer in contact, as a real window does when it loses focus.
    private func cancelLivePointers(at now: Double) {
        for (id, last) in livePointers.sorted(by: { $0.key < $1.key }) {
            deliver(PointerEvent(pointerID: id, kind: last.kind, phase: .cancel, position: last.position, timestamp: now))
        }
    }

    private func handleKey(_ key: AppEvent.Key, shift: Bool, now: Double) {
        switch key {
        case .escape, .character("q"):
            running = false
        case .tab:
            showHUD.toggle()
        case .character("h"), .character("?"):
            showHelp.toggle()
        case .character("/") where shift:
            showHelp.toggle()
        case .character("r"):
            toggleRecording()
        case .character("s"), .f12:
            saveScreenshot()
        case .character("l"):
            if let path = lastRecordingPath { startReplay(path: path) } else { flash("nothing recorded yet: press R to record") }
        case .character("t"):
            cycle(\.transition, in: TransitionRegistry.names, backwards: shift)
        case .character("c"):
            cycleControllers()
        case .character("p"):
            cycle(\.policy, in: ThresholdPolicy.presets.map(\.name), backwards: shift)
        case .character("k"):
            let names = CompletionTiming.presets.map(\.name)
            let current = configuration.completion ?? ""
            let index = names.firstIndex(of: current).map { ($0 + 1) % names.count } ?? 0
            reconfigure { $0.completion = names[index] }
        case .character("d"):
            reconfigure { $0.direction = $0.direction.reversed }
        case .character(let digit) where digit.isNumber:
            if let value = digit.wholeNumberValue, value >= 1, value <= TransitionRegistry.names.count {
                reconfigure { $0.transition = TransitionRegistry.names[value - 1] }
            }
        case .space:
            replay?.togglePause(wallTime: now)
        case .character("."):
            replay?.step(frameInterval: 1.0 / 60, wallTime: now)
        case .character("["):
            if let speed = replay?.speed { replay?.setSpeed(speed / 1.5, wallTime: now) }
        case .character("]"):
            if let speed = replay?.speed { replay?.setSpeed(speed * 1.5, wallTime: now) }
        default:
            break
        }
    }

    private func cycle(_ field: WritableKeyPath<SessionConfiguration, String>, in names: [String], backwards: Bool) {
        let index = names.firstIndex(of: configuration[keyPath: field]) ?? 0
        let next = (index + (backwards ? names.count - 1 : 1)) % names.count
        reconfigure { $0[keyPath: field] = names[next] }
    }

    /// Each controller alone, then edge pan, swipe and pinch together competing in the arena.
    static let controllerChoices: [[String]] = ControllerCatalog.names.map { [$0] } + [["edge-pan", "swipe", "pinch"]]

    private func cycleControllers() {
        let choices = Self.controllerChoices
        let index = choices.firstIndex(of: configuration.controllers) ?? -1
        reconfigure { $0.controllers = choices[(index + 1) % choices.count] }
    }

    /// Applies a change to the configuration when no gesture is in progress.
    private func reconfigure(_ change: (inout SessionConfiguration) -> Void) {
        guard session.driver.state.isAtRest, livePointers.isEmpty else {
            flash("finish the gesture first")
            return
        }
        var changed = configuration
        change(&changed)
        do {
            session = InteractionSession(configuration: try changed.resolve(), clock: sessionClock)
            configuration = changed
            screensSwapped = false
            lastRecord = nil
            flash("\(changed.controllers.joined(separator: "+")) · \(changed.policy) · \(changed.transition) · \(changed.direction.rawValue) · completion \(changed.completion ?? "policy's")")
        } catch {
            flash("\(error)")
        }
    }

    // MARK: Recording, replay, screenshots

    private func toggleRecording() {
        if let recorder {
            do {
                let saved = try recorder.finish(at: clock.now)
                lastRecordingPath = saved
                if recorder.failure != nil { reportError("the recording could not be written where asked; saved it to \(saved)") }
                Console.out("recorded \(recorder.eventCount) events to \(saved)")
                flash("saved \(saved)")
            } catch {
                reportError("\(error)")
            }
            self.recorder = nil
            return
        }
        let header = TraceHeader(created: ISO8601DateFormatter().string(from: Date()), program: "gesture-lab \(GestureLab.version)",
                                 windowSize: configuration.windowSize, pixelDensity: scale,
                                 devices: [TraceHeader.Device(kind: .mouse, name: "SDL mouse (\(window.library.videoDriver))"),
                                           TraceHeader.Device(kind: .touch, name: "SDL touch (\(window.library.videoDriver))")],
                                 clock: "SDL_GetPerformanceCounter when SDL queues the event (event watch)",
                                 configuration: configuration)
        let started = Recorder(folder: options.recordFolder, header: header, startTime: clock.now)
        recorder = started
        if let failure = started.failure {
            reportError("cannot write to \(options.recordFolder) (\(failure)); recording in memory, it will be saved elsewhere")
        } else {
            Console.out("recording to \(started.path)")
        }
    }

    private func startReplay(path: String) {
        do {
            let trace = try Trace.load(path: path)
            let resolved = try trace.header.configuration.resolve()
            replay = PlaygroundReplay(trace: trace, path: path, configuration: resolved, speed: 1)
            flash("replaying \(path)")
        } catch {
            reportError("cannot replay \(path): \(error)")
        }
    }

    private func saveScreenshot() {
        do {
            let surface = try renderer.readPixels()
            try OutputFiles.createParentFolder(of: (options.screenshotFolder as NSString).appendingPathComponent("x"))
            let name = Recorder.fileName(for: Date(), attempt: 0, prefix: "screenshot", extension: "png")
            let path = (options.screenshotFolder as NSString).appendingPathComponent(name)
            try surface.savePNG(to: path)
            Console.out("screenshot: \(path)")
            flash("screenshot saved: \(path)")
        } catch {
            reportError("cannot save a screenshot: \(error)")
        }
    }

    private func log(_ records: [TransitionRecord]) {
        for record in records {
            lastRecord = record
            if record.outcome == TransitionOutcome.finished.rawValue { screensSwapped.toggle() }
            if let eventsOut {
                eventsOut.write(Data((ReplayReport.line(record) + "\n").utf8))
            }
        }
    }

    private func flash(_ text: String) {
        message = (text, clock.now + 3)
    }

    private func reportError(_ text: String) {
        Console.error(text)
        hadError = true
        flash(text)
    }

    private func rebuildForSize() {
        let size = window.size
        outputSize = renderer.outputSize
        scale = Double(outputSize.width) / max(Double(size.width), 1)
        do {
            text = try TextPainter(renderer: renderer, scale: scale)
            screens = try ScreenPainter.makeTextures(renderer: renderer, text: text, width: outputSize.width, height: outputSize.height, scale: scale)
        } catch {
            reportError("cannot redraw the screens: \(error)")
        }
        let newSize = Size(width: Double(size.width), height: Double(size.height))
        mirroredPinch.center = newSize.center
        if newSize != configuration.windowSize && session.driver.state.isAtRest && livePointers.isEmpty {
            configuration.windowSize = newSize
            if let resolved = try? configuration.resolve() { session = InteractionSession(configuration: resolved, clock: sessionClock) }
        }
    }

    private func shutDown() {
        arrivals.remove()
        if recorder != nil { toggleRecording() }
        if let eventsOut { try? eventsOut.close() }
    }

    // MARK: Drawing

    private func draw(now: Double) {
        renderer.clear(Color(0, 0, 0))
        let windowSize = configuration.windowSize
        let activeSession = replay?.replay.session ?? session
        let list = activeSession.displayList(size: windowSize)
        let shownScreens = screensSwapped && replay == nil ? ScreenTextures(from: screens.to, to: screens.from) : screens
        layerPainter.draw(list, screens: shownScreens, renderer: renderer, scale: scale)
        drawPointers(now: now)
        if showHUD {
            let resolved = activeSession.resolved
            let state = HUDState(
                controllers: resolved.configuration.controllers.joined(separator: "+"), policy: resolved.policy,
                transition: resolved.transition.name, direction: resolved.configuration.direction,
                completion: resolved.completionTiming.name, driverState: activeSession.driver.state,
                progress: activeSession.presentedProgress, pending: activeSession.pendingRelease(),
                lastRecord: replay?.records.last ?? lastRecord,
                recording: recorder.map { ($0.path, $0.eventCount) },
                replay: replay.map { ($0.path, $0.time, $0.endTime, $0.speed, $0.isPaused) },
                message: message.flatMap { now < $0.until ? $0.text : nil }, frameTimes: frameTimes, drawTimes: drawTimes,
                drawPath: layerPainter.pathName)
            HUD().draw(state, renderer: renderer, text: text, scale: scale, outputWidth: Double(outputSize.width))
            let stripHeight = 56 * scale
            timeline.draw(renderer: renderer, text: text, left: 12 * scale, top: Double(outputSize.height) - 34 * scale - stripHeight,
                          width: Double(outputSize.width) - 24 * scale, height: stripHeight,
                          threshold: resolved.policy.rule.positionThreshold, scale: scale)
            if let replay { drawScrubber(replay) }
            renderer.fill(x: 0, y: Double(outputSize.height) - 28 * scale, width: Double(outputSize.width), height: 28 * scale,
                          color: Color(12, 14, 20, 200))
            text.draw("H help · R record · Tab HUD · T transition · P policy · D direction · S screenshot · Q quit",
                      x: 12 * scale, y: Double(outputSize.height) - 22 * scale, size: .small, color: Color(235, 235, 240))
        }
        if showHelp { HelpOverlay().draw(renderer: renderer, text: text, scale: scale, outputSize: outputSize) }
        text.endFrame()
        renderer.finishDrawing()
    }

    /// The replay's timeline with its position, above the gesture strip; clicking it seeks.
    private func drawScrubber(_ replay: PlaygroundReplay) {
        let area = scrubberArea
        let start = replay.startTime
        let fraction = (replay.time - start) / max(replay.endTime - start, 1e-6)
        renderer.fill(x: area.x, y: area.y, width: area.width, height: area.height, color: Color(12, 14, 20, 200))
        renderer.fill(x: area.x, y: area.y + area.height / 2 - 2 * scale, width: area.width, height: 4 * scale, color: Color(80, 90, 120))
        renderer.fill(x: area.x, y: area.y + area.height / 2 - 2 * scale, width: area.width * min(max(fraction, 0), 1), height: 4 * scale,
                      color: Color(140, 200, 255))
        renderer.circle(center: (area.x + area.width * min(max(fraction, 0), 1), area.y + area.height / 2), radius: 7 * scale,
                        color: Color(220, 240, 255))
    }

    /// Where the replay scrubber is, in pixels.
    private var scrubberArea: (x: Double, y: Double, width: Double, height: Double) {
        (12 * scale, Double(outputSize.height) - 34 * scale - 56 * scale - 26 * scale, Double(outputSize.width) - 24 * scale, 22 * scale)
    }

    private func drawPointers(now: Double) {
        // A replay's trails age on the replay's clock, the live ones on the window's.
        let shownTrail = replay?.trail ?? trail
        let trailTime = replay?.time ?? now
        for (_, points) in shownTrail.points {
            for (index, point) in points.enumerated() where index > 0 {
                let fade = max(0, 1 - (trailTime - point.time) / PointerTrail.lifetime)
                let previous = points[index - 1].position
                renderer.thickLine(from: (previous.x * scale, previous.y * scale), to: (point.position.x * scale, point.position.y * scale),
                                   width: 4 * scale, color: Color(255, 70, 120, UInt8(200 * fade)))
            }
        }
        let markers: [Point] = replay.map { Array($0.contacts.values) } ?? livePointers.values.map(\.position)
        for point in markers {
            renderer.circle(center: (point.x * scale, point.y * scale), radius: 16 * scale, color: Color(255, 255, 255, 110))
            renderer.circle(center: (point.x * scale, point.y * scale), radius: 10 * scale, color: Color(255, 70, 120, 220))
        }
        for (id, velocity) in trail.velocities(at: now) where livePointers[id] != nil {
            guard let point = trail.points[id]?.last?.position else { continue }
            let start = (point.x * scale, point.y * scale)
            let seconds = 0.1
            let end = (start.0 + velocity.x * seconds * scale, start.1 + velocity.y * seconds * scale)
            renderer.thickLine(from: start, to: end, width: 3 * scale, color: Color(255, 230, 90))
            renderer.circle(center: end, radius: 5 * scale, color: Color(255, 230, 90))
            text.draw("\(DecimalFormat.string(velocity.length, decimals: 0)) pt/s", x: end.0 + 8 * scale, y: end.1 - 8 * scale, size: .small,
                      bold: true, color: Color(255, 230, 90))
        }
    }
}

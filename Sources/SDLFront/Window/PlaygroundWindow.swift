import CSDL
import CapturePage
import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Playground
import Plumbing
import Rasterizer
import Serving
import Traces

/// The playground window: a person drags, pinches and records; the transition follows live
/// with its threshold and the pending decision on the HUD.
///
/// This class is SDL's side only: the window, frame pacing and drawing. What events mean
/// lives in ``PlaygroundCore`` and the loop in ``LiveFrameLoop``, both tested without SDL.
package final class PlaygroundWindow {
    private let window: Window
    private let renderer: Renderer
    private let rendererChoice: WindowRendererChoice
    private let clock = MonotonicClock()
    private let options: PlaygroundOptions
    private var text: TextPainter
    /// The two screens' textures; nil while ``preparedScreens`` stand in for them.
    private var screens: ScreenTextures?
    /// The screens' pixels painted while the window opened, drawn from by the first frame, whose
    /// textures are made once it is presented (see ``screenTextures()``).
    private var preparedScreens: (from: PixelBuffer, to: PixelBuffer)?
    private var scale: Double
    private var outputSize: (width: Int, height: Int)
    private let core: PlaygroundCore
    private let input: LiveInput<SDLEventQueue>
    private var loop: LiveFrameLoop<SDLEventQueue>
    private var server: TouchServer?
    private var frameLog: FrameLog?

    /// Seconds between the starts of the recent frames, for the HUD's graph.
    private var frameTimes: [Double] = []
    /// Seconds from input to present of the recent frames, for the HUD's graph.
    private var frameCosts: [Double] = []
    /// Frames the HUD's graph shows.
    private static let graphedFrames = 90
    private var timeline = GestureTimeline()
    private var lastFrameStart: Double?
    private var presentedFrames = 0
    private var pacer: FramePacer
    private let layerPainter = WindowLayerPainter()
    /// Where the time to the first frame went (printed by `--report-first-frame`).
    private var startup = StartupTimeline()

    /// Opens the window; throws ``DisplayError`` when there is no usable display.
    init(options: PlaygroundOptions, replay: PlaygroundReplay?, exitWhenReplayEnds: Bool) throws {
        self.options = options
        guard DisplayEnvironment.hasDisplay else {
            throw DisplayError(description: "no display: neither DISPLAY nor WAYLAND_DISPLAY is set (try 'gesture-lab demo', or run under Xvfb)")
        }
        startup.ended("main", at: ProgramStart.time)
        ComposeTable.skipUnlessChosen()
        // The screens are painted while the window opens (see ScreenPreparation).
        let preparation: ScreenPreparation
        do {
            let library = try SDLLibrary(video: false)
            SDLLibrary.chooseVideoDriver()
            preparation = ScreenPreparation(library: library, width: Int(options.windowSize.width), height: Int(options.windowSize.height))
        } catch let error as SDLError {
            throw DisplayError(description: "cannot start SDL: \(error.description)")
        }
        do {
            window = try Window(library: try SDLLibrary(video: true), title: "Gesture Lab",
                                width: Int(options.windowSize.width), height: Int(options.windowSize.height))
            startup.ended("window")
            rendererChoice = options.renderer.map { WindowRendererChoice(kind: $0) } ?? WindowRendererChoice.choose(window: window, clock: clock)
            renderer = try WindowRendererChoice.makeRenderer(rendererChoice.kind, window: window)
            startup.ended("renderer")
        } catch let error as SDLError {
            throw DisplayError(description: "cannot open the window: \(error.description)")
        }
        pacer = FramePacer(hasVSync: renderer.hasVSync, refreshRate: window.refreshRate, now: clock.now)
        outputSize = renderer.outputSize
        scale = Double(outputSize.width) / max(Double(window.size.width), 1)
        let prepared = try? preparation.wait().get()
        startup.ended("screens")
        if let prepared, renderer.drawsInSoftware, scale == ScreenPreparation.scale,
           prepared.width == outputSize.width, prepared.height == outputSize.height {
            text = TextPainter(renderer: renderer, fonts: prepared.fonts)
            preparedScreens = (prepared.from, prepared.to)
        } else {
            text = try TextPainter(renderer: renderer, scale: scale)
            screens = try ScreenPainter.makeTextures(renderer: renderer, text: text, width: outputSize.width, height: outputSize.height, scale: scale)
        }
        startup.ended("textures")
        core = try PlaygroundCore(options: options, replay: replay, exitWhenReplayEnds: exitWhenReplayEnds,
                                  windowSize: Size(width: Double(window.size.width), height: Double(window.size.height)), startTime: clock.now)
        core.layout = PlaygroundCore.Layout(scale: scale, outputSize: outputSize)
        core.recordingContext.videoDriver = window.library.videoDriver
        frameLog = try options.framesOut.map(FrameLog.init)
        input = LiveInput(queue: SDLEventQueue(clock: clock), clock: clock)
        loop = LiveFrameLoop(input: input, core: core, clock: clock, sleeper: SystemSleeper())
        if let serve = options.serve {
            let inbox = RemoteTouchInbox()
            let page = CapturePage(policy: options.configuration.policy, program: "gesture-lab \(LabVersion.current) capture page", streaming: true,
                                   study: options.study)
            let router = ServeRouter(token: AccessToken(), page: Array(page.html.utf8), recordFolder: options.recordFolder, inbox: inbox,
                                    wallClock: options.wallClock)
            server = try TouchServer(options: serve, router: router, clock: clock)
            loop.remote = inbox
        }
        startup.ended("core")
    }

    /// Opens the window and runs it until the person quits.
    package static func launch(options: PlaygroundOptions, replay: PlaygroundReplay? = nil, exitWhenReplayEnds: Bool = false) throws -> ExitCode {
        let playground = try PlaygroundWindow(options: options, replay: replay, exitWhenReplayEnds: exitWhenReplayEnds)
        return playground.run()
    }

    /// The main loop.
    func run() -> ExitCode {
        Console.out("Gesture Lab: window open (\(window.library.videoDriver), renderer \(renderer.driverName)\(renderer.hasVSync ? ", vsync" : ""), \(rendererChoice.summary)). Press H for help, Q to quit.")
        input.start()
        if let server {
            if server.start() {
                Console.out("serving the touch page at \(server.url)")
            } else {
                Console.error("cannot serve the touch page: no thread could be started for it")
            }
        }
        if options.recordAtStart { core.toggleRecording(now: clock.now) }
        let windowID = window.id
        options.observer?.windowOpened(ObservedWindow(width: window.size.width, height: window.size.height,
                                                      rendererSummary: rendererChoice.summary, clock: clock,
                                                      pushMouse: { $0.push(toWindow: windowID) }))
        let screenshotAt = options.screenshotAfter.map { clock.now + $0 }
        let runStart = clock.now
        while core.running {
            let frameStart = clock.now
            if let last = lastFrameStart {
                frameTimes.append(frameStart - last)
                if frameTimes.count > Self.graphedFrames { frameTimes.removeFirst(frameTimes.count - Self.graphedFrames) }
            }
            lastFrameStart = frameStart
            // Late latching: the input is taken here, as late as the frame's predicted cost allows.
            pacer.latched(at: clock.now)
            let (pointerTimes, now) = loop.takeInput(readingQueues: presentedFrames > 0)
            serveRequests(now: now)
            let shown = core.replay?.stage ?? core.stage
            timeline.add(time: core.replay?.time ?? now, progress: shown.session.presentedProgress, state: shown.session.driver.state)
            let drawStart = clock.now
            draw(now: now)
            if presentedFrames == 0 { startup.ended("drawn") }
            core.logPendingDecision(at: now)
            pacer.frameDrawn(seconds: clock.now - drawStart)
            pacer.presenting(at: clock.now)
            renderer.present()
            layerPainter.frameFinished(seconds: clock.now - drawStart)
            pacer.presented(at: clock.now)
            if let cost = pacer.lastFrame?.latchedBeforePresent {
                frameCosts.append(cost)
                if frameCosts.count > Self.graphedFrames { frameCosts.removeFirst(frameCosts.count - Self.graphedFrames) }
            }
            logFrame(start: frameStart)
            presentedFrames += 1
            if presentedFrames == 1 && options.reportFirstFrame {
                let presented = MonotonicTime.now
                startup.ended("presented", at: presented)
                Console.out("\(StartupTimeline.firstFramePrefix)\(presented)")
                Console.out("\(StartupTimeline.firstFrameRendererPrefix)\(rendererChoice.kind.rawValue)")
                startup.lines.forEach { Console.out($0) }
            }
            if presentedFrames == 1 { _ = screenTextures() }
            if let limit = options.quitAfterFrames, presentedFrames >= limit { core.quit() }
            if let observer = options.observer {
                let stage = core.stage
                let frame = ObservedFrame(pointerTimes: pointerTimes, presentReturned: clock.now,
                                          drawn: stage.contacts.positions.values.first.map { ($0.x, $0.y) },
                                          predicted: stage.predictedPositions.values.first.map { ($0.x, $0.y) }, schedule: pacer.lastFrame,
                                          presentedFrames: presentedFrames, isChoosingDrawPath: layerPainter.isChoosingPath, secondsSinceStart: clock.now - runStart)
                if observer.framePresented(frame) { core.quit() }
            }
            if let screenshotAt, now >= screenshotAt {
                saveScreenshot(now: now)
                core.quit()
            }
            loop.wait(until: pacer.nextFrameStart)
        }
        options.observer?.windowClosing(drawPath: layerPainter.pathName)
        input.stop()
        server?.stop()
        core.shutDown(at: clock.now)
        do { try frameLog?.finish() } catch { Console.error("\(error)") }
        return core.hadError ? .failure : .success
    }

    private func logFrame(start: Double) {
        guard let frameLog else { return }
        do { try frameLog.presented(start: start, workSeconds: clock.now - start) } catch {
            self.frameLog = nil
            core.reportError("\(error); the frame log stops here", now: clock.now)
        }
    }

    private func serveRequests(now: Double) {
        let requests = core.requests
        core.requests = []
        for request in requests {
            switch request {
            case .screenshot: saveScreenshot(now: now)
            case .rebuildForSize: rebuildForSize()
            }
        }
    }

    private func saveScreenshot(now: Double) {
        do {
            let surface = try renderer.readPixels()
            try OutputFile.createFolder(options.screenshotFolder)
            let name = Recorder.fileName(for: options.wallClock.now(), attempt: 0, prefix: "screenshot", extension: "png")
            let path = PathName.appending(name, to: options.screenshotFolder)
            try surface.savePNG(to: path)
            Console.out("screenshot: \(path)")
            core.flash("screenshot saved: \(path)", now: now)
        } catch {
            core.reportError("cannot save a screenshot: \(error)", now: now)
        }
    }

    /// The screens' textures, made from the prepared pixels the first time they are asked for;
    /// nil (with the error reported) when they cannot be made.
    private func screenTextures() -> ScreenTextures? {
        if let screens { return screens }
        guard let prepared = preparedScreens else { return nil }
        do {
            let made = ScreenTextures(from: try Texture(targetFor: renderer, copying: prepared.from.image),
                                      to: try Texture(targetFor: renderer, copying: prepared.to.image))
            layerPainter.adopt(prepared, of: made)
            screens = made
            preparedScreens = nil
            return made
        } catch {
            core.reportError("cannot make the screens' textures: \(error)", now: clock.now)
            preparedScreens = nil
            return nil
        }
    }

    private func rebuildForSize() {
        let size = window.size
        outputSize = renderer.outputSize
        scale = Double(outputSize.width) / max(Double(size.width), 1)
        do {
            text = try TextPainter(renderer: renderer, scale: scale)
            screens = try ScreenPainter.makeTextures(renderer: renderer, text: text, width: outputSize.width, height: outputSize.height, scale: scale)
            preparedScreens = nil
        } catch {
            core.reportError("cannot redraw the screens: \(error)", now: clock.now)
        }
        core.layout = PlaygroundCore.Layout(scale: scale, outputSize: outputSize)
        core.windowResized(to: Size(width: Double(size.width), height: Double(size.height)))
    }

    // MARK: Drawing

    private func draw(now: Double) {
        let windowSize = core.configuration.windowSize
        let replay = core.replay
        let activeSession = (replay?.stage ?? core.stage).session
        let list = activeSession.displayList(size: windowSize)
        let transition = (replay?.stage ?? core.stage).resolved.transition.name
        let underWay = !activeSession.driver.state.isAtRest
        let swapped = core.showsSwappedScreens
        // The first frame draws from the prepared pixels when it can; the textures come after its present.
        let drawnFromPixels = screens == nil && preparedScreens.map {
            layerPainter.draw(list, transition: transition, underWay: underWay, screenPixels: swapped ? ($0.to, $0.from) : $0, renderer: renderer, scale: scale)
        } ?? false
        if !drawnFromPixels {
            if let screens = screenTextures() {
                layerPainter.draw(list, transition: transition, underWay: underWay, screens: swapped ? ScreenTextures(from: screens.to, to: screens.from) : screens,
                                  renderer: renderer, scale: scale, background: Color(0, 0, 0))
            } else {
                renderer.clear(Color(0, 0, 0))
            }
        }
        drawPointers(now: now)
        let resolved = activeSession.resolved
        var overlay = WindowOverlay(timeline: timeline, threshold: resolved.policy.rule.positionThreshold,
                                    replayFraction: replay.map { ($0.time - $0.startTime) / max($0.endTime - $0.startTime, 1e-6) },
                                    showHelp: core.overlay.showsHelp, edgeZone: replay == nil ? core.edgeZone.map { ($0.rect, $0.width) } : nil)
        if core.overlay.showsHUD {
            overlay.hud = HUDState(
                controllers: resolved.configuration.controllers,
                edgeRecognizer: resolved.configuration.controllers.contains(.edgePan) ? resolved.configuration.resolvedEdgeRecognizer : nil,
                policy: resolved.policy,
                transition: resolved.transition.name, direction: resolved.configuration.direction,
                completion: resolved.completionTiming.name, driverState: activeSession.driver.state,
                progress: activeSession.presentedProgress, pending: activeSession.pendingRelease(),
                holder: activeSession.activeControllerKind, released: activeSession.releasedTransition,
                lastRecord: replay?.records.last ?? core.lastRecord,
                recording: core.recorder.map { ($0.path, $0.eventCount) },
                replay: replay.map { ($0.path, $0.time, $0.endTime, $0.speed, $0.isPaused) },
                message: core.overlay.message.flatMap { now < $0.until ? $0.text : nil } ?? activeSession.driver.completionSlowness?.explanation,
                study: core.overlay.studyProgress, frameTimes: frameTimes, drawTimes: pacer.drawTimes, frameCosts: frameCosts,
                drawPath: layerPainter.pathName, renderer: rendererChoice.summary, schedule: pacer.lastFrame?.summary ?? "")
        }
        overlay.draw(renderer: renderer, text: text, scale: scale, outputSize: outputSize)
        text.endFrame()
        renderer.finishDrawing()
    }

    private func drawPointers(now: Double) {
        // A replay's trails age on the replay's clock, the live ones on the window's.
        let replay = core.replay
        let shownTrail = replay?.trail ?? core.trail
        let trailTime = replay?.time ?? now
        var trail: [Renderer.Segment] = []
        for (_, points) in shownTrail.points {
            for (index, point) in points.enumerated() where index > 0 {
                let fade = max(0, 1 - (trailTime - point.time) / PointerTrail.lifetime)
                let previous = points[index - 1].position
                trail.append(Renderer.Segment(from: (previous.x * scale, previous.y * scale), to: (point.position.x * scale, point.position.y * scale),
                                              color: Color(255, 70, 120, UInt8(200 * fade))))
            }
        }
        renderer.thickLines(trail, width: 4 * scale)
        let shownStage = replay?.stage ?? core.stage
        let real = shownStage.contacts.positions
        for point in real.values {
            renderer.circle(center: (point.x * scale, point.y * scale), radius: 16 * scale, color: Color(255, 255, 255, 110))
            renderer.circle(center: (point.x * scale, point.y * scale), radius: 10 * scale, color: Color(255, 70, 120, 220))
        }
        // With prediction on, the predicted finger (cyan) beside the real one, joined to it.
        for (id, guess) in shownStage.predictedPositions {
            if let point = real[id] {
                renderer.thickLine(from: (point.x * scale, point.y * scale), to: (guess.x * scale, guess.y * scale), width: 2 * scale,
                                   color: Color(80, 220, 255, 180))
            }
            renderer.circle(center: (guess.x * scale, guess.y * scale), radius: 12 * scale, color: Color(80, 220, 255, 120))
            renderer.circle(center: (guess.x * scale, guess.y * scale), radius: 6 * scale, color: Color(80, 220, 255, 230))
        }
        for (id, velocity) in core.trail.velocities(at: now) where core.livePointers.contains(id) {
            guard let point = core.trail.points[id]?.last?.position else { continue }
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

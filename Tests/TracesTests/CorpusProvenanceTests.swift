import Foundation
import Engine
import Interaction
import Testing
import Traces

/// The corpus against the truth: every robot trace's recorded events against the sender's own
/// log of what it sent (its header's `provenance.sent`), and every trace in `recordings/` free
/// of timing that no hand, sender or device could make.
@Suite("Corpus provenance")
struct CorpusProvenanceTests {
    /// How far a recorded time may sit from its sent time once both start together, in
    /// seconds, with how late the sender sent each one (its log says) taken into account: the X
    /// server stamps events in whole milliseconds (up to 1 ms each, so 2 ms between two), and
    /// Xvfb, one thread, takes a request that comes while it copies a frame after that copy
    /// (up to 3 ms more here). The broken clock this catches put events 15 ms and more off.
    static let recordedTimeTolerance = 0.005

    static func load(_ relativePath: String) throws -> Trace {
        try Trace.load(path: packageRoot.appendingPathComponent("recordings").appendingPathComponent(relativePath).path)
    }

    static let robotTraces: [String] = CorpusTests.traces.filter { path in
        (try? load(path).header.provenance?.kind) == .robot
    }

    @Test func everyLabelledFolderStatesTheProvenanceOfEachTrace() throws {
        for path in CorpusTests.traces where !path.hasPrefix("human/") {
            let header = try Self.load(path).header
            #expect(header.provenance != nil, "\(path) does not say where its events came from")
        }
        #expect(Self.robotTraces.count >= 40)
    }

    @Test(arguments: CorpusTests.traces)
    func holdsNoTimingNoHandOrClockCouldMake(_ relativePath: String) throws {
        let warnings = try TimingWarnings.scan(path: packageRoot.appendingPathComponent("recordings").appendingPathComponent(relativePath).path)
        #expect(warnings.isEmpty, "\(relativePath): \(warnings.map(\.description))")
    }

    /// One sent event as the sender logged it.
    struct Sent {
        let phase: String
        let x: Double?
        let y: Double?
        let time: Double
        let lateness: Double
    }

    static func sentLog(_ header: TraceHeader) -> [Sent] {
        let entries = header.provenance?.details.first { $0.key == "sent" }?.value.array ?? []
        return entries.compactMap { entry in
            guard let phase = entry["phase"]?.string, let time = entry["t"]?.number else { return nil }
            return Sent(phase: phase, x: entry["x"]?.number, y: entry["y"]?.number, time: time, lateness: (entry["late_ms"]?.number ?? 0) / 1000)
        }
    }

    /// The sent events a recording shows, in order: presses, releases and moves of the button's
    /// pointer (a move to where the pointer already is makes no event), or the wheel's notches
    /// (each notch lands or moves the two emulated fingers). A sent `r` ends the recording.
    static func expectedEvents(_ sent: [Sent]) -> [Sent] {
        let usesWheel = sent.contains { $0.phase == "wheel" }
        var shown: [Sent] = []
        var last: (x: Double?, y: Double?) = (nil, nil)
        for event in sent {
            if event.phase == "key" { break }
            if usesWheel {
                if event.phase == "wheel" { shown.append(event) }
                continue
            }
            switch event.phase {
            case "down", "up":
                shown.append(event)
            case "move":
                if event.x != last.x || event.y != last.y { shown.append(event) }
            default:
                break
            }
            if event.x != nil { last = (event.x, event.y) }
        }
        return shown
    }

    @Test(arguments: robotTraces)
    func everyRecordedEventIsAtItsSentTime(_ relativePath: String) throws {
        let trace = try Self.load(relativePath)
        let sent = Self.expectedEvents(Self.sentLog(trace.header))
        try #require(!sent.isEmpty, "\(relativePath): the provenance has no sent log")
        let usesWheel = sent.first?.phase == "wheel"
        let pointer = usesWheel ? WheelPinchEmulator.pointerIDs.0 : try #require(trace.events.first { $0.phase == .down }).pointerID
        // A pointer's moves to the same place in one instant are one X event; the recording
        // keeps one event per sent one, and ends at the R press of a cancelled gesture.
        // A wheel pinch ends by itself after the last notch: its lift was never sent.
        let recorded = trace.events.filter { $0.pointerID == pointer && $0.phase != .cancel && !(usesWheel && $0.phase == .up) }
        #expect(recorded.count == sent.count, "\(relativePath): \(recorded.count) events recorded for \(sent.count) sent")
        let mirrored = trace.header.history.contains { $0.contains("mirror") }
        // Times as really sent (scheduled plus how late), the recording's clock started with them.
        let offset = (recorded.first?.timestamp ?? 0) - (sent.first.map { $0.time + $0.lateness } ?? 0)
        var worst = 0.0
        for (recordedEvent, sentEvent) in zip(recorded, sent) {
            if !usesWheel {
                #expect(recordedEvent.phase.rawValue == sentEvent.phase, "\(relativePath): \(recordedEvent.phase) recorded for a sent \(sentEvent.phase)")
                if let x = sentEvent.x, let y = sentEvent.y, !mirrored {
                    #expect(recordedEvent.position == Point(x: x, y: y), "\(relativePath): recorded at \(recordedEvent.position), sent at (\(x), \(y))")
                }
            }
            worst = max(worst, abs(recordedEvent.timestamp - (sentEvent.time + sentEvent.lateness + offset)))
        }
        #expect(worst <= Self.recordedTimeTolerance, "\(relativePath): an event \(worst * 1000) ms from its sent time")
    }
}

import Engine
import Foundation
import Interaction

/// Records the live pointer events to a new trace file as they happen.
///
/// Each event goes straight to the file (see ``TraceWriter``), so a crash loses nothing
/// already written. Pointers already down when recording starts are left out until they
/// lift, and pointers still down when it stops are closed with a `cancel`, so every
/// recording is a valid trace on its own.
final class Recorder {
    /// The file being written.
    let path: String
    /// The session time at which recording started, in seconds; the trace's time zero.
    let startTime: Double
    private let writer: TraceWriter
    private var checker = PointerSequenceChecker()
    private var lastEvent: PointerEvent?
    private var lastByPointer: [Int: PointerEvent] = [:]

    /// Starts a new recording in `folder` with `header`.
    init(folder: String, header: TraceHeader, startTime: Double, wallClock: Date = Date()) throws {
        try OutputFiles.createParentFolder(of: (folder as NSString).appendingPathComponent("x"))
        var attempt = 0
        var created: (String, TraceWriter)?
        var lastError: TraceWriteError?
        while created == nil && attempt < 100 {
            let candidate = (folder as NSString).appendingPathComponent(Self.fileName(for: wallClock, attempt: attempt))
            do { created = (candidate, try TraceWriter(path: candidate, header: header)) } catch {
                lastError = error
                if !FileManager.default.fileExists(atPath: candidate) { break }
            }
            attempt += 1
        }
        guard let (path, writer) = created else {
            throw InputError(description: lastError?.description ?? "\(folder): cannot create a recording")
        }
        self.path = path
        self.writer = writer
        self.startTime = startTime
    }

    /// `trace-YYYYMMDD-HHMMSS-mmm[-N].json` in UTC: unique and sortable by time.
    static func fileName(for date: Date, attempt: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss-SSS"
        return "trace-\(formatter.string(from: date))\(attempt > 0 ? "-\(attempt)" : "").json"
    }

    /// Events written so far.
    var eventCount: Int { writer.eventCount }

    /// Appends `event` (stamped in session time) if it belongs in the recording.
    func record(_ event: PointerEvent) throws {
        var relative = event
        relative.timestamp = max(0, event.timestamp - startTime)
        if let lastEvent, relative.timestamp < lastEvent.timestamp { relative.timestamp = lastEvent.timestamp }
        var probe = checker
        guard probe.check(relative) == nil else { return }
        checker = probe
        try writer.append(relative)
        lastEvent = relative
        lastByPointer[relative.pointerID] = relative.phase.endsContact ? nil : relative
    }

    /// Cancels pointers still down, writes the closing bracket and closes the file.
    func finish(at time: Double) throws {
        let stopTime = max(lastEvent?.timestamp ?? 0, time - startTime)
        for pointer in checker.pointersDown.sorted() {
            let last = lastByPointer[pointer]
            let cancel = PointerEvent(pointerID: pointer, kind: last?.kind ?? .mouse, phase: .cancel,
                                      position: last?.position ?? .zero, timestamp: stopTime)
            _ = checker.check(cancel)
            try writer.append(cancel)
        }
        try writer.finish()
    }
}

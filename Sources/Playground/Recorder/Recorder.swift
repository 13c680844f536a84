import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Plumbing
import Traces

/// Records the live pointer events to a new trace file as they happen.
///
/// Each event goes straight to the file (see ``TraceWriter``), so a crash loses nothing
/// already written. Every event is also kept in memory: if the file cannot be written (disk
/// full), or is found gone on a write or at the stop (its folder removed, checked with the
/// open file's link count and the path's inode), recording goes on in memory and
/// ``finish(at:)`` saves the whole trace to the first fallback folder that works — nothing
/// recorded is dropped. The cut-short copy a full disk leaves in the record folder is then
/// removed, so that a later `check` of the folder does not read it as a recording. Pointers already
/// down when recording starts are left out until they lift, and pointers still down when it
/// stops are closed with a `cancel`, so every recording is a valid trace on its own.
package final class Recorder {
    /// The file being written, or where the recording was meant to go.
    package private(set) var path: String
    /// The session time at which recording started, in seconds; the trace's time zero. On a
    /// whole microsecond: the trace keeps times to the microsecond, and the velocity trackers
    /// round every time to one (``SampleTime``), so with the zero on that grid a recorded sample
    /// lands on the microsecond its live time did, and the replay's velocities are the live ones
    /// exactly (a zero between two microseconds moved them by up to 0.2 %).
    let startTime: Double
    private let header: TraceHeader
    private var writer: TraceWriter?
    private var events: [PointerEvent] = []
    private var checker = PointerSequenceChecker()
    private var lastByPointer: [Int: PointerEvent] = [:]
    /// Why the file stopped being written, if it did.
    private(set) var failure: String?
    /// The device and inode of the file as created, to recognise the cut-short copy.
    private var createdFile: (device: UInt64, inode: UInt64)?
    /// Folders tried, in order, when the recording must be saved elsewhere.
    let fallbackFolders: [String]
    /// The clock the recording's name and a rescued copy's name are dated by.
    private let wallClock: any WallClock

    /// Where a recording that could not be written goes, in order of preference.
    static var defaultFallbackFolders: [String] {
        [PathName.appending("gesture-lab-rescued", to: FileManager.default.homeDirectoryForCurrentUser.path), FileManager.default.temporaryDirectory.path]
    }

    /// Starts a new recording in `folder`. If the folder cannot be written, recording starts
    /// in memory and ``failure`` says why.
    package init(folder: String, header: TraceHeader, startTime: Double, wallClock: any WallClock = SystemWallClock(),
         fallbackFolders: [String] = Recorder.defaultFallbackFolders) {
        self.header = header
        self.startTime = Self.onWholeMicrosecond(startTime)
        self.fallbackFolders = fallbackFolders
        self.wallClock = wallClock
        let started = wallClock.now()
        path = PathName.appending(Self.fileName(for: started, attempt: 0), to: folder)
        do {
            let created = try Self.createWriter(in: folder, header: header, wallClock: started)
            path = created.path
            writer = created
            createdFile = Self.identity(of: created.path)
        } catch {
            failure = "\(error)"
        }
    }

    /// `time` (seconds) rounded to the nearest whole microsecond, as the velocity trackers round it.
    static func onWholeMicrosecond(_ time: Double) -> Double {
        Double(SampleTime.microseconds(time)) / 1_000_000
    }

    /// A recording whose file is written by `writer` (tests use one that fails).
    init(writer: TraceWriter, header: TraceHeader, startTime: Double, fallbackFolders: [String]) {
        self.header = header
        self.startTime = Self.onWholeMicrosecond(startTime)
        self.fallbackFolders = fallbackFolders
        wallClock = SystemWallClock()
        self.writer = writer
        path = writer.path
        createdFile = Self.identity(of: writer.path)
    }

    private static func identity(of path: String) -> (device: UInt64, inode: UInt64)? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return (UInt64(status.st_dev), UInt64(status.st_ino))
    }

    /// `PREFIX-YYYYMMDD-HHMMSS-mmm[-N].EXTENSION` in UTC (a trace by default): unique and
    /// sortable by time.
    package static func fileName(for date: Date, attempt: Int, prefix: String = "trace", extension fileExtension: String = "json") -> String {
        // To the nearest millisecond, a second carried when it rounds up (as ICU's dates did).
        let milliseconds = max(0, Int((date.timeIntervalSince1970 * 1000).rounded()))
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let stamp = CFormat.string("%04d%02d%02d-%02d%02d%02d-%03ld", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                                   parts.tm_hour, parts.tm_min, parts.tm_sec, milliseconds % 1000)
        return "\(prefix)-\(stamp)\(attempt > 0 ? "-\(attempt)" : "").\(fileExtension)"
    }

    /// The names tried in one folder for one moment before giving up.
    static let nameAttempts = 1000

    /// Creates a new trace file in `folder`, never overwriting: the first free name wins. Only
    /// a taken name moves on to the next; any other failure (a full disk) is thrown at once,
    /// leaving no file behind.
    static func createWriter(in folder: String, header: TraceHeader, wallClock: Date) throws -> TraceWriter {
        try OutputFile.createFolder(folder)
        for attempt in 0..<nameAttempts {
            let candidate = PathName.appending(fileName(for: wallClock, attempt: attempt), to: folder)
            do { return try TraceWriter(path: candidate, header: header) } catch {
                guard error.isNameTaken else { throw error }
            }
        }
        throw InputError(description: "\(folder): cannot create a recording: \(nameAttempts) names for this moment are taken")
    }

    /// Events recorded so far.
    package var eventCount: Int { events.count }

    /// Appends `event` (stamped in session time) if it belongs in the recording. Returns a
    /// message the first time writing the file fails (recording goes on in memory).
    @discardableResult
    package func record(_ event: PointerEvent) -> String? {
        var relative = event
        relative.timestamp = max(0, event.timestamp - startTime)
        if let last = events.last, relative.timestamp < last.timestamp { relative.timestamp = last.timestamp }
        var probe = checker
        guard probe.check(relative) == nil else { return nil }
        checker = probe
        events.append(relative)
        lastByPointer[relative.pointerID] = relative.phase.endsContact ? nil : relative
        return write { try $0.append(relative) }
    }

    /// Cancels pointers still down and closes the file. If the file could not be written,
    /// saves the whole recording to a fallback folder. Returns where the recording is.
    package func finish(at time: Double) throws -> String {
        let stopTime = max(events.last?.timestamp ?? 0, time - startTime)
        for pointer in checker.pointersDown.sorted() {
            let last = lastByPointer[pointer]
            let cancel = PointerEvent(pointerID: pointer, kind: last?.kind ?? .mouse, phase: .cancel,
                                      position: last?.position ?? .zero, timestamp: stopTime)
            _ = checker.check(cancel)
            events.append(cancel)
            write { try $0.append(cancel) }
        }
        if let problem = write(checkingFirst: true, { try $0.finish() }) { Console.error(problem) }
        if writer != nil { return path }
        let cutShort = path
        let rescued = try rescue()
        if let createdFile, let found = Self.identity(of: cutShort), found == createdFile, unlink(cutShort) == 0 {
            failure = (failure ?? "") + "; removed the cut-short copy \(cutShort)"
        }
        return rescued
    }

    /// Writes the whole recording to the first fallback folder that takes it.
    private func rescue() throws -> String {
        let trace = Trace(header: header, events: events)
        var reasons: [String] = []
        for folder in fallbackFolders {
            var rescued: TraceWriter?
            do {
                let created = try Self.createWriter(in: folder, header: trace.header, wallClock: wallClock.now())
                rescued = created
                for event in trace.events { try created.append(event) }
                try created.finish()
                path = created.path
                return created.path
            } catch {
                rescued?.discard()
                reasons.append("\(error)")
            }
        }
        throw InputError(description: "the recording (\(events.count) events) could not be saved anywhere: \(reasons.joined(separator: "; "))")
    }

    /// Runs `operation` on the file, then (or first, for the last operation, which closes it)
    /// checks the file is still where it was created. Returns a message the first time the
    /// file is lost.
    @discardableResult
    private func write(checkingFirst: Bool = false, _ operation: (TraceWriter) throws -> Void) -> String? {
        guard let writer else { return nil }
        if checkingFirst, let problem = detached(writer) { return problem }
        do {
            try operation(writer)
        } catch {
            self.writer = nil
            failure = "\(error)"
            return "cannot write \(path) (\(error)); recording goes on in memory and will be saved elsewhere"
        }
        return checkingFirst ? nil : detached(writer)
    }

    private func detached(_ writer: TraceWriter) -> String? {
        guard let reason = writer.whyDetached() else { return nil }
        self.writer = nil
        failure = reason
        return "\(reason); recording goes on in memory and will be saved elsewhere"
    }
}

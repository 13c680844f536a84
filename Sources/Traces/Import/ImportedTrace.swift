import Interaction

/// The result of an import: the trace, and what the importer counted on the way.
public struct ImportedTrace: Hashable, Sendable {
    /// The trace, ready to write; it passes the trace reader's checks.
    public var trace: Trace
    /// What was read, used, ignored and dropped.
    public var statistics: ImportStatistics

    /// Creates a result.
    public init(trace: Trace, statistics: ImportStatistics) {
        self.trace = trace
        self.statistics = statistics
    }

    /// One line for people: `N events, N contacts (at most N at once), S s, N frames`, then what
    /// was ignored or dropped, if anything.
    public var summary: String {
        let events = trace.events
        var frames = 0
        var lastTime: Double?
        for event in events where event.timestamp != lastTime {
            frames += 1
            lastTime = event.timestamp
        }
        let duration = events.last?.timestamp ?? 0
        var text = "\(events.count) events, \(statistics.contacts) contact\(statistics.contacts == 1 ? "" : "s") "
        text += "(at most \(statistics.mostContactsAtOnce) at once), \(DecimalFormat.fixedString(duration, decimals: 3)) s, \(frames) frames"
        let notes = statistics.notes
        if !notes.isEmpty { text += "; " + notes.joined(separator: "; ") }
        return text
    }
}

/// What an importer counted: source frames, contacts, and what it left out and why.
public struct ImportStatistics: Hashable, Sendable {
    /// Frames in the source: kernel frames (each ended by SYN_REPORT) for device recordings,
    /// points for pen strokes.
    public var sourceFrames: Int
    /// Contacts in the trace (pointers that went down).
    public var contacts: Int
    /// The most contacts down at once.
    public var mostContactsAtOnce: Int
    /// Source frames by how many contacts were down once each was applied (`[2: 1300]`: 1300
    /// frames left exactly two contacts down).
    public var framesByContactCount: [Int: Int]
    /// Source events the lab has no use for, by event name (e.g. `ABS_MT_TOUCH_MINOR`).
    public var ignoredEvents: [String: Int]
    /// Events after the last SYN_REPORT, dropped because their frame never completed.
    public var droppedTrailingEvents: Int
    /// Frames thrown away after the kernel reported SYN_DROPPED (its buffer overflowed).
    public var droppedFrames: Int
    /// Contacts still down when the recording ended, closed with `cancel`.
    public var cancelledAtEnd: Int
    /// Events of devices other than the one imported (getevent watching every device), skipped.
    public var otherDeviceEvents = 0
    /// Contacts that jumped faster than a finger moves (``TimingWarnings/maximumPlausibleSpeed``),
    /// as semi-multi-touch pads do when a finger lifts: each ended there, and a new one began
    /// where it landed (libinput discards such jumps too).
    public var splitJumps = 0
    /// Frames less than a microsecond after the frame before (a source that writes nanoseconds),
    /// which the trace's microseconds give the same time: their samples share one time.
    public var framesSharingAMicrosecond = 0
    /// The source line of the first such frame.
    public var firstFrameSharingAMicrosecond: Int?

    /// Creates statistics; every count starts at zero.
    public init(sourceFrames: Int = 0, contacts: Int = 0, mostContactsAtOnce: Int = 0, framesByContactCount: [Int: Int] = [:],
                ignoredEvents: [String: Int] = [:], droppedTrailingEvents: Int = 0, droppedFrames: Int = 0, cancelledAtEnd: Int = 0) {
        self.sourceFrames = sourceFrames
        self.contacts = contacts
        self.mostContactsAtOnce = mostContactsAtOnce
        self.framesByContactCount = framesByContactCount
        self.ignoredEvents = ignoredEvents
        self.droppedTrailingEvents = droppedTrailingEvents
        self.droppedFrames = droppedFrames
        self.cancelledAtEnd = cancelledAtEnd
    }

    /// What the import changed in the device's own account, for the trace's history: empty, or
    /// `, split N touch jumps` (the events are no longer exactly the device's), and the frames
    /// whose distinct times the format's microseconds could not keep apart.
    public var historyDetail: String {
        (splitJumps > 0 ? ", split \(splitJumps) touch jump\(splitJumps == 1 ? "" : "s") into a lift and a new touch" : "")
            + (timeWarnings.isEmpty ? "" : "; " + timeWarnings.joined(separator: "; "))
    }

    /// What the import says on standard error about times it could not keep: empty, or one line.
    public var timeWarnings: [String] {
        guard framesSharingAMicrosecond > 0 else { return [] }
        let count = framesSharingAMicrosecond
        return ["\(count) frame\(count == 1 ? "" : "s") came less than 1 µs after the frame before, at a time of \(count == 1 ? "its" : "their") own "
                + "that the format's microseconds cannot keep (first at line \(firstFrameSharingAMicrosecond ?? 0)): "
                + "\(count == 1 ? "its samples share" : "their samples share") the time of the frame before"]
    }

    /// Short phrases for what was left out or closed, empty when nothing was.
    public var notes: [String] {
        var notes: [String] = []
        let ignored = ignoredEvents.values.reduce(0, +)
        if ignored > 0 {
            let names = ignoredEvents.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { "\($0.key) \($0.value)" }
            notes.append("ignored \(ignored) source events (\(names.joined(separator: ", ")))")
        }
        if droppedTrailingEvents > 0 {
            notes.append("dropped \(droppedTrailingEvents) trailing event\(droppedTrailingEvents == 1 ? "" : "s") with no SYN_REPORT")
        }
        if droppedFrames > 0 { notes.append("dropped \(droppedFrames) frame\(droppedFrames == 1 ? "" : "s") after SYN_DROPPED") }
        if cancelledAtEnd > 0 {
            notes.append("cancelled \(cancelledAtEnd) contact\(cancelledAtEnd == 1 ? "" : "s") still down at the end")
        }
        if splitJumps > 0 {
            notes.append("split \(splitJumps) contact\(splitJumps == 1 ? "" : "s") that jumped faster than \(DecimalFormat.string(TimingWarnings.maximumPlausibleSpeed, decimals: 0)) pt/s into a lift and a new touch")
        }
        if otherDeviceEvents > 0 {
            notes.append("skipped \(otherDeviceEvents) event\(otherDeviceEvents == 1 ? "" : "s") of other devices")
        }
        return notes
    }
}

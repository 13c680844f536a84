import Interaction

/// Splits a `libinput record` document, line by line as it is read, into its skeleton (every
/// line but the devices' events) and the entries of each device's `events:`, handed over one
/// at a time: a recording of any length is read in flat memory, its events never held.
///
/// A device's `events:` comes last in its entry, after its `evdev:` description, as `libinput
/// record` writes it; the scanner hands over the device's own lines when its events begin.
struct RecordScanner {
    /// The most text kept outside the events, in bytes.
    static let skeletonLimit = 4 << 20
    /// The most text one entry of `events:` may hold, in bytes.
    static let entryLimit = 2 << 20

    typealias Line = RecordYAMLReader.Line

    /// Every line outside the devices' events, in order.
    private(set) var skeleton: [Line] = []
    private var skeletonBytes = 0
    private let file: String
    /// The column of the `devices:` list's items, once known, while inside that list.
    private var devices: (itemColumn: Int?, index: Int, start: Int)?
    /// The `events:` block being read: its key's column and its items' column.
    private var events: (device: Int, keyColumn: Int, itemColumn: Int?)?
    private var entry: [Line] = []
    private var entryBytes = 0

    init(file: String) { self.file = file }

    /// Takes the next line. `eventsBegin` is called with a device's index and its lines when
    /// its `events:` begins; `onEntry` with the device's index and the lines of each entry.
    mutating func feed(_ line: Line, eventsBegin: (Int, [Line]) throws(TraceError) -> Void,
                       onEntry: (Int, [Line]) throws(TraceError) -> Void) throws(TraceError) {
        if let block = events {
            let isItem = RecordYAMLReader.isListItem(line.text)
            let itemColumn = block.itemColumn ?? (line.indent >= block.keyColumn && isItem ? line.indent : nil)
            if let itemColumn, line.indent > itemColumn || (line.indent == itemColumn && isItem) {
                events?.itemColumn = itemColumn
                if line.indent == itemColumn { try flush(onEntry) }
                entryBytes += line.text.utf8.count
                guard entryBytes <= Self.entryLimit else {
                    throw TraceError(file: file, line: entry.first?.number ?? line.number,
                                     problem: "an entry of 'events:' larger than \(TraceLimits.describe(bytes: Self.entryLimit)) (the limit of one entry)")
                }
                entry.append(line)
                return
            }
            try flush(onEntry)
            events = nil
        }
        trackDevices(line)
        skeletonBytes += line.text.utf8.count
        guard skeletonBytes <= Self.skeletonLimit else {
            throw TraceError(file: file, line: line.number,
                             problem: "the recording outside its devices' 'events:' is larger than \(TraceLimits.describe(bytes: Self.skeletonLimit)) (the limit of a description)")
        }
        skeleton.append(line)
        if line.text == "events:", let current = devices, current.index >= 0, let itemColumn = current.itemColumn, line.indent > itemColumn {
            try eventsBegin(current.index, Array(skeleton[current.start...]))
            events = (current.index, line.indent, nil)
        }
    }

    /// Hands over the last entry; call after the last line.
    mutating func finish(onEntry: (Int, [Line]) throws(TraceError) -> Void) throws(TraceError) {
        try flush(onEntry)
        events = nil
    }

    private mutating func flush(_ onEntry: (Int, [Line]) throws(TraceError) -> Void) throws(TraceError) {
        guard !entry.isEmpty, let block = events else { return }
        let lines = entry
        entry.removeAll(keepingCapacity: true)
        entryBytes = 0
        try onEntry(block.device, lines)
    }

    /// Follows the top-level `devices:` list: which device the line belongs to.
    private mutating func trackDevices(_ line: Line) {
        if line.indent == 0 && line.text == "devices:" {
            devices = (nil, -1, skeleton.count)
            return
        }
        guard var current = devices else { return }
        let isItem = RecordYAMLReader.isListItem(line.text)
        if current.itemColumn == nil {
            guard isItem else {
                devices = nil
                return
            }
            current.itemColumn = line.indent
        }
        if line.indent == current.itemColumn && isItem {
            current.index += 1
            current.start = skeleton.count
        } else if let itemColumn = current.itemColumn, line.indent < itemColumn || (line.indent == itemColumn && !isItem) {
            devices = nil
            return
        }
        devices = current
    }
}

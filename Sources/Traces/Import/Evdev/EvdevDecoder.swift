import Engine
import Interaction

/// Turns a recording's kernel events into touch pointer events, frame by frame.
///
/// A frame is everything up to SYN_REPORT: its changes are applied together at the
/// SYN_REPORT's time, measured from the recording's first event. Contacts are read in the
/// protocol the device's axes imply (see ``TouchProtocol``); each gets the smallest free
/// pointer id from 1 while it is down. Contacts already down when the recording starts are
/// left out until they lift. In protocol A a lift need not leave the frame empty: a contact
/// reported with zero size (ABS_MT_TOUCH_MAJOR 0) is not touching, and a frame with BTN_TOUCH
/// up has no contacts (Apple's bcm5974 lifts this way, repeating the last place at size 0).
/// Events of a trailing frame without SYN_REPORT are dropped, and
/// contacts still down at the end get a `cancel` at the last frame's time. Events the lab has
/// no use for (other axes, buttons, the single-touch emulation of a multi-touch device) are
/// counted and ignored. After SYN_DROPPED the rest of that frame is thrown away, as the
/// kernel asks. A contact that moves faster than any finger between two frames (a semi-multi-
/// touch pad reporting the other finger's place when one lifts) ends there and a new contact
/// begins where it landed, counted in the statistics. Anything malformed stops the import with
/// an error naming the line.
struct EvdevDecoder {
    /// One contact's state in device units.
    private struct Contact: Hashable {
        /// Protocol B: the slot's tracking id, -1 when empty; protocol A: the id if given, else -1.
        var trackingID: Int32 = -1
        var x: Int32?
        var y: Int32?
        var pressure: Int32?
        var touchMajor: Int32?
        /// Single touch: BTN_TOUCH is down.
        var touching = false
        /// Protocol A: the line of the SYN_MT_REPORT that ended it.
        var line = 0

        var hasValues: Bool { x != nil || y != nil || pressure != nil || touchMajor != nil || trackingID >= 0 }

        /// Protocol A: false for a contact reported with zero size, which has lifted.
        var isTouching: Bool { touchMajor != 0 }

        func samePlace(as other: Contact) -> Bool {
            x == other.x && y == other.y && pressure == other.pressure && touchMajor == other.touchMajor
        }
    }

    private let device: EvdevDevice
    private let touchProtocol: TouchProtocol
    private let mapping: AxisMapping
    private let pressureAxis: AbsoluteAxis?
    private let readsPressure: Bool
    private let usesSize: Bool
    private let file: String
    private var log: ImportedEventLog
    private var statistics = ImportStatistics()
    private var pointers = PointerIDPool()
    /// When each pointer in contact last went down or moved, in microseconds.
    private var lastEmitted: [Int: Int64] = [:]

    private var firstTime: Int64?
    private var lastFrameTime: Int64?
    /// Nanoseconds past `lastFrameTime`'s microsecond (a source finer than microseconds).
    private var lastFrameNanoseconds: Int16 = 0
    private var eventCount = 0
    private var eventsSinceReport = 0
    private var ignoredSinceReport: [String: Int] = [:]
    private var discardingUntilReport = false

    // Protocol B: slot states as of the last SYN_REPORT and as changed since.
    private var committedSlots: [Int32: Contact] = [:]
    private var workingSlots: [Int32: Contact] = [:]
    private var committedSlot: Int32
    private var currentSlot: Int32
    private var pointerOfSlot: [Int32: Int] = [:]

    // Protocol A: this frame's finished contacts, the one being read, and last frame's, with their pointers.
    private var frameContacts: [Contact] = []
    private var currentContact = Contact()
    private var previousContacts: [(pointer: Int, contact: Contact)] = []
    /// Protocol A: BTN_TOUCH as last reported; true until the device says otherwise.
    private var buttonTouching = true

    // Single touch.
    private var committedSingle = Contact()
    private var workingSingle = Contact()
    private var singlePointer: Int?

    /// A decoder for events of `device` recorded in `file`, placing positions in `window`.
    init(device: EvdevDevice, window: Size, file: String) throws(TraceError) {
        guard let touchProtocol = device.touchProtocol else {
            throw TraceError(file: device.file, problem: "the device has no position axes (it needs ABS_MT_POSITION_X and ABS_MT_POSITION_Y, or ABS_X and ABS_Y)")
        }
        let multiTouch = touchProtocol != .singleTouch
        let xCode = multiTouch ? EvdevCode.positionX : EvdevCode.x
        let yCode = multiTouch ? EvdevCode.positionY : EvdevCode.y
        guard let xAxis = device.axes[xCode], let yAxis = device.axes[yCode] else {
            throw TraceError(file: device.file, problem: "the device has no position axes")
        }
        mapping = try AxisMapping(x: xAxis, y: yAxis, xName: EvdevCode.axisName(xCode), yName: EvdevCode.axisName(yCode),
                                  window: window, file: device.file)
        let pressure = device.axes[multiTouch ? EvdevCode.multiTouchPressure : EvdevCode.pressure]
        pressureAxis = pressure.flatMap { $0.maximum > $0.minimum ? $0 : nil }
        readsPressure = pressureAxis != nil
        usesSize = multiTouch && device.axes[EvdevCode.touchMajor] != nil
        self.device = device
        self.touchProtocol = touchProtocol
        self.file = file
        log = ImportedEventLog(file: file)
        if case .slots(let range) = touchProtocol {
            committedSlot = range.contains(0) ? 0 : range.lowerBound
        } else {
            committedSlot = 0
        }
        currentSlot = committedSlot
    }

    /// The protocol in words, for the header's history.
    var protocolDescription: String {
        switch touchProtocol {
        case .slots: return "multi-touch protocol B"
        case .anonymousContacts: return "multi-touch protocol A"
        case .singleTouch: return "single touch"
        }
    }

    /// Reads one event.
    mutating func feed(_ event: KernelEvent) throws(TraceError) {
        if firstTime == nil { firstTime = event.microseconds }
        eventCount += 1
        guard event.type <= EvdevCode.maximumType else {
            throw TraceError(file: file, line: event.line, problem: "event type \(EvdevCode.hex(event.type)) is not a Linux input event type (0x00…\(EvdevCode.hex(EvdevCode.maximumType)))")
        }
        if event.type == EvdevCode.synchronization && event.code == EvdevCode.synReport {
            try endFrame(event)
            return
        }
        eventsSinceReport += 1
        if event.type == EvdevCode.synchronization && event.code == EvdevCode.synDropped {
            discardingUntilReport = true
            return
        }
        if discardingUntilReport { return }
        switch touchProtocol {
        case .slots(let range): try readSlotted(event, slots: range)
        case .anonymousContacts: try readAnonymous(event)
        case .singleTouch: readSingle(event)
        }
    }

    /// Ends the recording: drops a trailing frame without SYN_REPORT, cancels contacts still
    /// down, and returns the events and statistics.
    mutating func finish() throws(TraceError) -> (events: [PointerEvent], statistics: ImportStatistics, device: TraceHeader.Device) {
        guard eventCount > 0 else { throw TraceError(file: file, problem: "the recording has no events") }
        guard let lastFrameTime, let firstTime else {
            throw TraceError(file: file, problem: "the recording has no complete frame: none of its \(eventCount) events is a SYN_REPORT")
        }
        statistics.droppedTrailingEvents = eventsSinceReport
        statistics.cancelledAtEnd = try log.cancelAll(microseconds: lastFrameTime - firstTime, line: nil)
        statistics.contacts = log.contacts
        statistics.mostContactsAtOnce = log.mostContactsAtOnce
        guard log.contacts > 0 else {
            throw TraceError(file: file, problem: "the recording has no touch contacts: no contact went down in its \(statistics.sourceFrames) frames")
        }
        let headerDevice = device.headerDevice(usesPressure: pressureAxis != nil, usesSize: usesSize)
        return (log.events, statistics, headerDevice)
    }

    // MARK: - Reading events

    private mutating func ignore(_ event: KernelEvent) {
        ignoredSinceReport[event.label ?? EvdevCode.name(type: event.type, code: event.code), default: 0] += 1
    }

    private mutating func readSlotted(_ event: KernelEvent, slots: ClosedRange<Int32>) throws(TraceError) {
        if event.type == EvdevCode.synchronization && event.code == EvdevCode.synMultiTouchReport {
            throw TraceError(file: file, line: event.line, problem: "SYN_MT_REPORT (multi-touch protocol A) from a device with slots (protocol B)")
        }
        guard event.type == EvdevCode.absolute else { return ignore(event) }
        switch event.code {
        case EvdevCode.slot:
            guard slots.contains(event.value) else {
                throw TraceError(file: file, line: event.line, problem: "slot \(event.value) is out of range (the device's ABS_MT_SLOT is \(slots.lowerBound)…\(slots.upperBound))")
            }
            currentSlot = event.value
        case EvdevCode.trackingID:
            guard event.value >= -1 else {
                throw TraceError(file: file, line: event.line, problem: "tracking id \(event.value) is invalid (-1 ends a contact, 0 and up start one)")
            }
            workingSlots[currentSlot, default: Contact()].trackingID = event.value
        default:
            let (readsPressure, readsSize) = (readsPressure, usesSize)
            guard !Self.assign(event, to: &workingSlots[currentSlot, default: Contact()], readsPressure: readsPressure, readsSize: readsSize) else { return }
            ignore(event)
        }
    }

    private mutating func readAnonymous(_ event: KernelEvent) throws(TraceError) {
        if event.type == EvdevCode.synchronization && event.code == EvdevCode.synMultiTouchReport {
            if currentContact.hasValues {
                // Refused as the frame grows, so a hostile frame costs neither memory nor time.
                guard frameContacts.count < PointerSequenceChecker.maximumSimultaneousPointers else {
                    throw TraceError(file: file, line: event.line, problem: "a frame reports more than \(PointerSequenceChecker.maximumSimultaneousPointers) contacts (the limit of pointers down at once)")
                }
                currentContact.line = event.line
                frameContacts.append(currentContact)
            }
            currentContact = Contact()
            return
        }
        if event.type == EvdevCode.key && event.code == EvdevCode.buttonTouch {
            buttonTouching = event.value != 0
            return
        }
        guard event.type == EvdevCode.absolute else { return ignore(event) }
        switch event.code {
        case EvdevCode.slot:
            throw TraceError(file: file, line: event.line, problem: "ABS_MT_SLOT (multi-touch protocol B) from a device without slots (protocol A)")
        case EvdevCode.trackingID:
            guard event.value >= 0 else {
                throw TraceError(file: file, line: event.line, problem: "tracking id \(event.value) is invalid in protocol A (contacts end by leaving the frame)")
            }
            currentContact.trackingID = event.value
        default:
            let (readsPressure, readsSize) = (readsPressure, usesSize)
            guard !Self.assign(event, to: &currentContact, readsPressure: readsPressure, readsSize: readsSize) else { return }
            ignore(event)
        }
    }

    private mutating func readSingle(_ event: KernelEvent) {
        switch (event.type, event.code) {
        case (EvdevCode.absolute, EvdevCode.x): workingSingle.x = event.value
        case (EvdevCode.absolute, EvdevCode.y): workingSingle.y = event.value
        case (EvdevCode.absolute, EvdevCode.pressure) where readsPressure: workingSingle.pressure = event.value
        case (EvdevCode.key, EvdevCode.buttonTouch): workingSingle.touching = event.value != 0
        default: ignore(event)
        }
    }

    /// Stores a multi-touch position, pressure or size in `contact`; false for other codes.
    private static func assign(_ event: KernelEvent, to contact: inout Contact, readsPressure: Bool, readsSize: Bool) -> Bool {
        switch event.code {
        case EvdevCode.positionX: contact.x = event.value
        case EvdevCode.positionY: contact.y = event.value
        case EvdevCode.multiTouchPressure where readsPressure: contact.pressure = event.value
        case EvdevCode.touchMajor where readsSize: contact.touchMajor = event.value
        default: return false
        }
        return true
    }

    // MARK: - Frames

    private mutating func endFrame(_ report: KernelEvent) throws(TraceError) {
        let previous = lastFrameTime ?? firstTime ?? report.microseconds
        let previousNanoseconds = lastFrameTime == nil ? 0 : lastFrameNanoseconds
        guard (report.microseconds, report.nanoseconds) >= (previous, previousNanoseconds) else {
            let finer = report.nanoseconds != 0 || previousNanoseconds != 0
            throw TraceError(file: file, line: report.line, problem: "time goes backwards: "
                             + "\(seconds(report.microseconds, finer ? report.nanoseconds : nil)) s after \(seconds(previous, finer ? previousNanoseconds : nil)) s")
        }
        // A source finer than the format: a frame later than the last within its microsecond
        // gets the same time in the trace.
        if lastFrameTime == report.microseconds && lastFrameNanoseconds != report.nanoseconds {
            statistics.framesSharingAMicrosecond += 1
            if statistics.firstFrameSharingAMicrosecond == nil { statistics.firstFrameSharingAMicrosecond = report.line }
        }
        lastFrameTime = report.microseconds
        lastFrameNanoseconds = report.nanoseconds
        let discard = discardingUntilReport
        discardingUntilReport = false
        eventsSinceReport = 0
        defer { ignoredSinceReport = [:] }
        if discard {
            statistics.droppedFrames += 1
            workingSlots = committedSlots
            currentSlot = committedSlot
            frameContacts = []
            currentContact = Contact()
            workingSingle = committedSingle
            return
        }
        for (name, count) in ignoredSinceReport { statistics.ignoredEvents[name, default: 0] += count }
        statistics.sourceFrames += 1
        let time = report.microseconds - (firstTime ?? report.microseconds)
        switch touchProtocol {
        case .slots: try endSlottedFrame(time: time, line: report.line)
        case .anonymousContacts: try endAnonymousFrame(time: time, line: report.line)
        case .singleTouch: try endSingleFrame(time: time, line: report.line)
        }
        statistics.framesByContactCount[log.pointersDown.count, default: 0] += 1
    }

    private mutating func endSlottedFrame(time: Int64, line: Int) throws(TraceError) {
        let slots = Set(committedSlots.keys).union(workingSlots.keys).sorted()
        for slot in slots {
            let old = committedSlots[slot] ?? Contact()
            let new = workingSlots[slot] ?? Contact()
            guard old.trackingID >= 0, new.trackingID != old.trackingID, let pointer = pointerOfSlot.removeValue(forKey: slot) else { continue }
            try emit(.up, pointer: pointer, contact: old, time: time, line: line)
        }
        for slot in slots {
            let old = committedSlots[slot] ?? Contact()
            let new = workingSlots[slot] ?? Contact()
            guard new.trackingID >= 0 else { continue }
            if new.trackingID != old.trackingID {
                guard new.x != nil, new.y != nil else {
                    throw TraceError(file: file, line: line, problem: "the contact in slot \(slot) (tracking id \(new.trackingID)) has no position: no ABS_MT_POSITION_X and ABS_MT_POSITION_Y for that slot since the recording began")
                }
                let pointer = pointers.take()
                pointerOfSlot[slot] = pointer
                try emit(.down, pointer: pointer, contact: new, time: time, line: line)
            } else if let pointer = pointerOfSlot[slot], !new.samePlace(as: old) {
                pointerOfSlot[slot] = try move(pointer, from: old, to: new, time: time, line: line)
            }
        }
        committedSlots = workingSlots
        committedSlot = currentSlot
    }

    private mutating func endAnonymousFrame(time: Int64, line: Int) throws(TraceError) {
        if currentContact.hasValues {
            throw TraceError(file: file, line: line, problem: "multi-touch values after the frame's last SYN_MT_REPORT (protocol A ends every contact with SYN_MT_REPORT)")
        }
        let reported = frameContacts
        frameContacts = []
        for contact in reported where contact.x == nil || contact.y == nil {
            throw TraceError(file: file, line: contact.line, problem: "a contact without ABS_MT_POSITION_X and ABS_MT_POSITION_Y")
        }
        let contacts = buttonTouching ? reported.filter(\.isTouching) : []
        let matches = match(contacts)
        for (index, previous) in previousContacts.enumerated() where !matches.values.contains(index) {
            try emit(.up, pointer: previous.pointer, contact: previous.contact, time: time, line: line)
        }
        var next: [(pointer: Int, contact: Contact)] = []
        for (index, contact) in contacts.enumerated() {
            if let previousIndex = matches[index], previousContacts.indices.contains(previousIndex) {
                let previous = previousContacts[previousIndex]
                var pointer = previous.pointer
                if !contact.samePlace(as: previous.contact) {
                    pointer = try move(pointer, from: previous.contact, to: contact, time: time, line: line)
                }
                next.append((pointer, contact))
            } else {
                let pointer = pointers.take()
                try emit(.down, pointer: pointer, contact: contact, time: time, line: line)
                next.append((pointer, contact))
            }
        }
        previousContacts = next
    }

    /// Which of last frame's contacts each of `contacts` continues (index → previous index).
    /// By tracking id when every contact in both frames has a distinct one; otherwise nearest
    /// first in window points, ties going to the earlier contacts.
    private func match(_ contacts: [Contact]) -> [Int: Int] {
        let previousIDs = previousContacts.map(\.contact.trackingID)
        let currentIDs = contacts.map(\.trackingID)
        if !previousIDs.contains(where: { $0 < 0 }), !currentIDs.contains(where: { $0 < 0 }),
           Set(previousIDs).count == previousIDs.count, Set(currentIDs).count == currentIDs.count {
            var result: [Int: Int] = [:]
            for (index, id) in currentIDs.enumerated() {
                if let previousIndex = previousIDs.firstIndex(of: id) { result[index] = previousIndex }
            }
            return result
        }
        var pairs: [(distance: Double, current: Int, previous: Int)] = []
        for (index, contact) in contacts.enumerated() {
            for (previousIndex, previous) in previousContacts.enumerated() {
                let offset = place(contact) - place(previous.contact)
                pairs.append((offset.length, index, previousIndex))
            }
        }
        pairs.sort { ($0.distance, $0.previous, $0.current) < ($1.distance, $1.previous, $1.current) }
        var result: [Int: Int] = [:]
        var taken: Set<Int> = []
        for pair in pairs where result[pair.current] == nil && !taken.contains(pair.previous) {
            result[pair.current] = pair.previous
            taken.insert(pair.previous)
        }
        return result
    }

    private mutating func endSingleFrame(time: Int64, line: Int) throws(TraceError) {
        let old = committedSingle
        let new = workingSingle
        if old.touching, !new.touching, let pointer = singlePointer {
            try emit(.up, pointer: pointer, contact: old, time: time, line: line)
            singlePointer = nil
        } else if !old.touching, new.touching {
            guard new.x != nil, new.y != nil else {
                throw TraceError(file: file, line: line, problem: "BTN_TOUCH went down with no position: no ABS_X and ABS_Y since the recording began")
            }
            let pointer = pointers.take()
            singlePointer = pointer
            try emit(.down, pointer: pointer, contact: new, time: time, line: line)
        } else if new.touching, let pointer = singlePointer, !new.samePlace(as: old) {
            singlePointer = try move(pointer, from: old, to: new, time: time, line: line)
        }
        committedSingle = workingSingle
    }

    // MARK: - Events

    private func place(_ contact: Contact) -> Point {
        mapping.position(x: contact.x ?? 0, y: contact.y ?? 0)
    }

    /// Moves `pointer` from `old` to `new`, or, when that step is faster than a finger moves,
    /// lifts it at `old` and puts a new pointer down at `new`; returns the pointer now there.
    private mutating func move(_ pointer: Int, from old: Contact, to new: Contact, time: Int64, line: Int) throws(TraceError) -> Int {
        // `old` is where the pointer was last emitted: a frame that left it in place emits nothing.
        guard let last = lastEmitted[pointer], time > last,
              (place(new) - place(old)).length / (Double(time - last) / 1_000_000) > TimingWarnings.maximumPlausibleSpeed else {
            try emit(.move, pointer: pointer, contact: new, time: time, line: line)
            return pointer
        }
        statistics.splitJumps += 1
        // The new id is taken before the old is freed, so the lift and the landing never share one.
        let landed = pointers.take()
        try emit(.up, pointer: pointer, contact: old, time: time, line: line)
        try emit(.down, pointer: landed, contact: new, time: time, line: line)
        return landed
    }

    private mutating func emit(_ phase: PointerPhase, pointer: Int, contact: Contact, time: Int64, line: Int) throws(TraceError) {
        let pressure = contact.pressure.flatMap { value in pressureAxis?.fraction(value) }
        let size = usesSize ? contact.touchMajor.map(mapping.contactSize) : nil
        try log.append(pointer: pointer, kind: .touch, phase: phase, position: place(contact), microseconds: time,
                       pressure: pressure, size: size, line: line)
        if phase.endsContact {
            pointers.release(pointer)
            lastEmitted[pointer] = nil
        } else {
            lastEmitted[pointer] = time
        }
    }

    /// A time in seconds with six decimals, or nine when its `nanoseconds` are given.
    private func seconds(_ microseconds: Int64, _ nanoseconds: Int16? = nil) -> String {
        let text = DecimalFormat.fixedString(Double(microseconds) / 1_000_000, decimals: 6)
        guard let nanoseconds else { return text }
        return text + String(repeating: "0", count: 3 - String(nanoseconds).count) + String(nanoseconds)
    }
}

import Engine
import Foundation
import Interaction
import Testing
import Traces

@Suite("Importing evemu recordings")
struct ImportEvemuTests {
    /// A protocol B screen: 1600×1200 units (no resolution) onto 800×600 points, half a point per unit.
    static let slottedDescription = """
    # EVEMU 1.1
    N: Test Touchscreen
    I: 0003 0001 0002 0100
    B: 00 0b 00 00 00 00 00 00 00
    A: 2f 0 9 0 0
    A: 30 0 1600 0 0
    A: 35 0 1600 4 0
    A: 36 0 1200 4 0
    A: 39 0 65535 0 0
    A: 3a 0 255 0 0
    """

    /// Two fingers in slots 0 and 1; the first lifts and a new contact reuses its pointer id.
    static let twoSlots = """
    # EVEMU 1.1
    E: 100.000000 0003 0039 0010	# EV_ABS / ABS_MT_TRACKING_ID   10
    E: 100.000000 0003 0035 0200
    E: 100.000000 0003 0036 0400
    E: 100.000000 0003 003a 0051
    E: 100.000000 0003 0030 0020
    E: 100.000000 0003 0031 0020	# ABS_MT_TOUCH_MINOR: not used
    E: 100.000000 0001 014a 0001	# BTN_TOUCH: single-touch emulation, not used
    E: 100.000000 0000 0000 0000	# ------------ SYN_REPORT (0) ----------
    E: 100.012500 0003 002f 0001
    E: 100.012500 0003 0039 0011
    E: 100.012500 0003 0035 1000
    E: 100.012500 0003 0036 0600
    E: 100.012500 0000 0000 0000
    E: 100.025000 0003 002f 0000
    E: 100.025000 0003 0035 0300
    E: 100.025000 0003 002f 0001
    E: 100.025000 0003 0036 0700
    E: 100.025000 0000 0000 0000
    E: 100.037500 0003 002f 0000
    E: 100.037500 0003 0039 -001
    E: 100.037500 0000 0000 0000
    E: 100.050000 0003 0039 0012
    E: 100.050000 0003 0035 0400
    E: 100.050000 0003 002f 0001
    E: 100.050000 0003 0039 -001
    E: 100.050000 0000 0000 0000
    E: 100.062500 0003 002f 0000
    E: 100.062500 0003 0039 -001
    E: 100.062500 0001 014a 0000
    E: 100.062500 0000 0000 0000
    """

    static func slotted(_ events: String) throws -> ImportedTrace {
        try EvemuImporter.importTrace(events: ImportFixture.bytes(events), eventsFile: "fixture.event",
                                      description: ImportFixture.bytes(slottedDescription), descriptionFile: "fixture.prop",
                                      options: ImportFixture.options)
    }

    @Test func protocolBWithTwoSlotsGivesExactEvents() throws {
        let imported = try Self.slotted(Self.twoSlots)
        let touch = ImportFixture.touch
        #expect(imported.trace.events == [
            touch(1, .down, 100, 200, 0, 0.2, 10),
            touch(2, .down, 500, 300, 0.0125, nil, nil),
            touch(1, .move, 150, 200, 0.025, 0.2, 10),
            touch(2, .move, 500, 350, 0.025, nil, nil),
            touch(1, .up, 150, 200, 0.0375, 0.2, 10),
            touch(2, .up, 500, 350, 0.05, nil, nil),
            touch(1, .down, 200, 200, 0.05, 0.2, 10),
            touch(1, .up, 200, 200, 0.0625, 0.2, 10),
        ])
        #expect(imported.statistics == ImportStatistics(sourceFrames: 6, contacts: 3, mostContactsAtOnce: 2,
                                                        framesByContactCount: [0: 1, 1: 3, 2: 2],
                                                        ignoredEvents: ["ABS_MT_TOUCH_MINOR": 1, "BTN_TOUCH": 2]))
    }

    @Test func aContactThatJumpsFasterThanAFingerIsSplitIntoALiftAndANewTouch() throws {
        // 600 pt in 10 ms (60,000 pt/s), as a semi-multi-touch pad reports when a finger lifts.
        let imported = try Self.slotted("""
        E: 100.000000 0003 0039 0010
        E: 100.000000 0003 0035 0200
        E: 100.000000 0003 0036 0400
        E: 100.000000 0000 0000 0000
        E: 100.010000 0003 0035 1400
        E: 100.010000 0000 0000 0000
        E: 100.020000 0003 0035 1410
        E: 100.020000 0000 0000 0000
        E: 100.030000 0003 0039 -001
        E: 100.030000 0000 0000 0000
        """)
        let touch = ImportFixture.touch
        #expect(imported.trace.events == [
            touch(1, .down, 100, 200, 0, nil, nil),
            touch(1, .up, 100, 200, 0.01, nil, nil),
            touch(2, .down, 700, 200, 0.01, nil, nil),
            touch(2, .move, 705, 200, 0.02, nil, nil),
            touch(2, .up, 705, 200, 0.03, nil, nil),
        ])
        #expect(imported.statistics.splitJumps == 1)
        #expect(imported.trace.header.history[0].hasSuffix(", 4 frames, split 1 touch jump into a lift and a new touch"))
        #expect(imported.statistics.notes.contains("split 1 contact that jumped faster than 20000 pt/s into a lift and a new touch"))
    }

    @Test func theHeaderNamesTheDeviceItsAxesTheClockAndTheSource() throws {
        let header = try Self.slotted(Self.twoSlots).trace.header
        #expect(header.devices == [TraceHeader.Device(kind: .touch, name: "Test Touchscreen",
                                                      axes: ["x": 0...1600, "y": 0...1200, "pressure": 0...255, "size": 0...1600])])
        #expect(header.clock == "kernel event time (evemu)")
        #expect(header.history == ["imported from evemu recording fixture.event (device: fixture.prop), multi-touch protocol B, 6 frames"])
        #expect(header.windowSize == Size(width: 800, height: 600))
        #expect(header.configuration.windowSize == Size(width: 800, height: 600))
        #expect(header.created == "2025-01-01T00:00:00Z")
    }

    @Test func theImportedTraceLoadsBackUnchanged() throws {
        let trace = try Self.slotted(Self.twoSlots).trace
        #expect(try ImportFixture.writtenAndReloaded(trace) == trace)
    }

    @Test func aTrailingFrameWithoutSynReportIsDroppedAndContactsStillDownAreCancelled() throws {
        let events = """
        E: 5.000000 0003 0039 0001
        E: 5.000000 0003 0035 0100
        E: 5.000000 0003 0036 0100
        E: 5.000000 0000 0000 0000
        E: 5.010000 0003 0035 0200
        E: 5.010000 0003 0036 0200
        """
        let imported = try Self.slotted(events)
        let touch = ImportFixture.touch
        #expect(imported.trace.events == [touch(1, .down, 50, 50, 0, nil, nil), touch(1, .cancel, 50, 50, 0, nil, nil)])
        #expect(imported.statistics.droppedTrailingEvents == 2)
        #expect(imported.statistics.cancelledAtEnd == 1)
    }

    @Test func contactsDownBeforeTheRecordingStartedAreLeftOut() throws {
        let events = """
        E: 5.000000 0003 0035 0100
        E: 5.000000 0000 0000 0000
        E: 5.010000 0003 0039 -001
        E: 5.010000 0000 0000 0000
        E: 5.020000 0003 0039 0007
        E: 5.020000 0000 0000 0000
        E: 5.030000 0003 0036 0200
        E: 5.030000 0000 0000 0000
        """
        #expect(ImportFixture.error { _ = try Self.slotted(events) }?.description ==
            "fixture.event:6: the contact in slot 0 (tracking id 7) has no position: no ABS_MT_POSITION_X and ABS_MT_POSITION_Y for that slot since the recording began")
        let withPosition = events.replacingOccurrences(of: "E: 5.000000 0003 0035 0100", with: "E: 5.000000 0003 0035 0100\nE: 5.000000 0003 0036 0100")
        let imported = try Self.slotted(withPosition)
        let touch = ImportFixture.touch
        #expect(imported.trace.events == [touch(1, .down, 50, 50, 0.02, nil, nil), touch(1, .move, 50, 100, 0.03, nil, nil),
                                          touch(1, .cancel, 50, 100, 0.03, nil, nil)])
    }

    @Test func protocolAContactsFollowTheNearestContactOfTheFrameBefore() throws {
        let description = "N: Protocol A Panel\nA: 35 0 800 0 0\nA: 36 0 600 0 0\n"
        let events = """
        E: 1.000000 0003 0035 100
        E: 1.000000 0003 0036 100
        E: 1.000000 0000 0002 0
        E: 1.000000 0003 0035 300
        E: 1.000000 0003 0036 300
        E: 1.000000 0000 0002 0
        E: 1.000000 0000 0000 0
        E: 1.016000 0003 0035 305
        E: 1.016000 0003 0036 300
        E: 1.016000 0000 0002 0
        E: 1.016000 0003 0035 110
        E: 1.016000 0003 0036 100
        E: 1.016000 0000 0002 0
        E: 1.016000 0000 0000 0
        E: 1.032000 0003 0035 110
        E: 1.032000 0003 0036 100
        E: 1.032000 0000 0002 0
        E: 1.032000 0000 0000 0
        E: 1.048000 0000 0002 0
        E: 1.048000 0000 0000 0
        """
        let imported = try EvemuImporter.importTrace(events: ImportFixture.bytes(events), eventsFile: "a.event",
                                                     description: ImportFixture.bytes(description), descriptionFile: "a.prop",
                                                     options: ImportFixture.options)
        let touch = ImportFixture.touch
        #expect(imported.trace.events == [
            touch(1, .down, 100, 100, 0, nil, nil),
            touch(2, .down, 300, 300, 0, nil, nil),
            touch(2, .move, 305, 300, 0.016, nil, nil),
            touch(1, .move, 110, 100, 0.016, nil, nil),
            touch(2, .up, 305, 300, 0.032, nil, nil),
            touch(1, .up, 110, 100, 0.048, nil, nil),
        ])
        #expect(imported.trace.header.history == ["imported from evemu recording a.event (device: a.prop), multi-touch protocol A, 4 frames"])
    }

    @Test("a protocol A frame of 64 contacts is read, 64 down at once; one of 65 is refused at the 65th")
    func aProtocolAFrameAtTheLimitAndOnePast() throws {
        let description = "N: Protocol A Panel\nA: 35 0 800 0 0\nA: 36 0 600 0 0\n"
        func frame(contacts: Int) -> [UInt8] {
            let contacts = (0..<contacts).map { "E: 1.000000 0003 0035 \($0 * 10)\nE: 1.000000 0003 0036 100\nE: 1.000000 0000 0002 0\n" }
            return ImportFixture.bytes(contacts.joined() + "E: 1.000000 0000 0000 0\n")
        }
        let atLimit = try EvemuImporter.importTrace(events: frame(contacts: 64), eventsFile: "a.event", description: ImportFixture.bytes(description),
                                                    descriptionFile: "a.prop", options: ImportFixture.options)
        #expect(atLimit.statistics.mostContactsAtOnce == 64)
        #expect(atLimit.trace.events.filter { $0.phase == .down }.count == 64)
        let error = ImportFixture.error {
            _ = try EvemuImporter.importTrace(events: frame(contacts: 65), eventsFile: "a.event", description: ImportFixture.bytes(description),
                                              descriptionFile: "a.prop", options: ImportFixture.options)
        }
        #expect(error?.description == "a.event:195: a frame reports more than 64 contacts (the limit of pointers down at once)")
    }

    @Test("64 slots touched in one frame are read, 64 down at once; 65 are refused at the frame's SYN_REPORT")
    func aProtocolBFrameAtTheLimitAndOnePast() throws {
        let description = "N: Wide Panel\nA: 2f 0 99 0 0\nA: 35 0 800 0 0\nA: 36 0 600 0 0\nA: 39 0 65535 0 0\n"
        func frame(contacts: Int) -> [UInt8] {
            let contacts = (0..<contacts).map {
                "E: 1.000000 0003 002f \($0)\nE: 1.000000 0003 0039 \($0 + 1)\nE: 1.000000 0003 0035 \($0 * 10)\nE: 1.000000 0003 0036 100\n"
            }
            return ImportFixture.bytes(contacts.joined() + "E: 1.000000 0000 0000 0\n")
        }
        let atLimit = try EvemuImporter.importTrace(events: frame(contacts: 64), eventsFile: "b.event", description: ImportFixture.bytes(description),
                                                    descriptionFile: "b.prop", options: ImportFixture.options)
        #expect(atLimit.statistics.mostContactsAtOnce == 64)
        let error = ImportFixture.error {
            _ = try EvemuImporter.importTrace(events: frame(contacts: 65), eventsFile: "b.event", description: ImportFixture.bytes(description),
                                              descriptionFile: "b.prop", options: ImportFixture.options)
        }
        #expect(error?.description == "b.event:261: more than 64 pointers down at once")
    }

    @Test func aProtocolAFrameOfTooManyContactsIsRefusedAtItsSixtyFifthContact() {
        let description = "N: Protocol A Panel\nA: 35 0 800 0 0\nA: 36 0 600 0 0\n"
        // 1,000 contacts in one frame: refused at the 65th contact's SYN_MT_REPORT (line 195), not at the frame's end.
        var events = ""
        for index in 0..<1_000 {
            events += "E: 1.000000 0003 0035 \(index % 800)\nE: 1.000000 0003 0036 100\nE: 1.000000 0000 0002 0\n"
        }
        let error = ImportFixture.error {
            _ = try EvemuImporter.importTrace(events: ImportFixture.bytes(events), eventsFile: "a.event",
                                              description: ImportFixture.bytes(description), descriptionFile: "a.prop", options: ImportFixture.options)
        }
        #expect(error?.description == "a.event:195: a frame reports more than 64 contacts (the limit of pointers down at once)")
    }

    /// A protocol A touchpad that lifts as Apple's bcm5974 does: no empty frame, but the last
    /// place repeated at size 0, with BTN_TOUCH 0 in the first such frame.
    static func liftingWithoutAnEmptyFrame(buttonTouch: Bool) throws -> [PointerEvent] {
        let description = "N: Protocol A Pad\nA: 30 0 255 0 0\nA: 35 0 800 0 0\nA: 36 0 600 0 0\n"
        let press = buttonTouch ? "E: 1.000000 0001 014a 1\n" : ""
        let release = buttonTouch ? "E: 1.032000 0001 014a 0\n" : ""
        let pressAgain = buttonTouch ? "E: 2.400000 0001 014a 1\n" : ""
        let events = """
        E: 1.000000 0003 0030 50
        E: 1.000000 0003 0035 100
        E: 1.000000 0003 0036 100
        E: 1.000000 0000 0002 0
        \(press)E: 1.000000 0000 0000 0
        E: 1.016000 0003 0030 50
        E: 1.016000 0003 0035 110
        E: 1.016000 0003 0036 100
        E: 1.016000 0000 0002 0
        E: 1.016000 0000 0000 0
        E: 1.032000 0003 0030 0
        E: 1.032000 0003 0035 110
        E: 1.032000 0003 0036 100
        E: 1.032000 0000 0002 0
        \(release)E: 1.032000 0000 0000 0
        E: 1.048000 0003 0030 0
        E: 1.048000 0003 0035 110
        E: 1.048000 0003 0036 100
        E: 1.048000 0000 0002 0
        E: 1.048000 0000 0000 0
        E: 2.400000 0003 0030 60
        E: 2.400000 0003 0035 300
        E: 2.400000 0003 0036 100
        E: 2.400000 0000 0002 0
        \(pressAgain)E: 2.400000 0000 0000 0
        E: 2.416000 0003 0030 60
        E: 2.416000 0003 0035 320
        E: 2.416000 0003 0036 100
        E: 2.416000 0000 0002 0
        E: 2.416000 0000 0000 0
        """
        return try EvemuImporter.importTrace(events: ImportFixture.bytes(events), eventsFile: "pad.event",
                                             description: ImportFixture.bytes(description), descriptionFile: "pad.prop",
                                             options: ImportFixture.options).trace.events
    }

    @Test(arguments: [true, false])
    func aProtocolAContactOfZeroSizeHasLiftedAndTheNextTouchIsANewContact(buttonTouch: Bool) throws {
        let events = try Self.liftingWithoutAnEmptyFrame(buttonTouch: buttonTouch)
        #expect(events.map(\.phase) == [.down, .move, .up, .down, .move, .cancel])
        #expect(events.map(\.pointerID) == [1, 1, 1, 1, 1, 1])
        #expect(events.map(\.position.x) == [100, 110, 110, 300, 320, 320])
        #expect(events.map(\.timestamp) == [0, 0.016, 0.032, 1.4, 1.416, 1.416])
    }

    @Test func aProtocolAFrameWithButtonTouchUpHasNoContactsWhateverTheirSize() throws {
        let description = "N: Protocol A Pad\nA: 30 0 255 0 0\nA: 35 0 800 0 0\nA: 36 0 600 0 0\n"
        let events = """
        E: 1.000000 0003 0030 50
        E: 1.000000 0003 0035 100
        E: 1.000000 0003 0036 100
        E: 1.000000 0000 0002 0
        E: 1.000000 0001 014a 1
        E: 1.000000 0000 0000 0
        E: 1.016000 0003 0030 40
        E: 1.016000 0003 0035 100
        E: 1.016000 0003 0036 100
        E: 1.016000 0000 0002 0
        E: 1.016000 0001 014a 0
        E: 1.016000 0000 0000 0
        """
        let imported = try EvemuImporter.importTrace(events: ImportFixture.bytes(events), eventsFile: "pad.event",
                                                     description: ImportFixture.bytes(description), descriptionFile: "pad.prop",
                                                     options: ImportFixture.options)
        #expect(imported.trace.events.map(\.phase) == [.down, .up])
        #expect(imported.statistics.cancelledAtEnd == 0)
    }

    @Test func singleTouchKeepsThePhysicalAspectWhenTheResolutionIsKnown() throws {
        // 400×400 units at 10 units/mm: a 40 mm square, fitted into 800×600 at 15 points/mm and centred.
        let recording = """
        N: Single Touch Pad
        A: 00 0 400 0 0 10
        A: 01 0 400 0 0 10
        A: 18 0 100 0 0
        E: 2.000000 0003 0000 10
        E: 2.000000 0000 0000 0
        E: 2.100000 0003 0000 0
        E: 2.100000 0003 0001 0
        E: 2.100000 0003 0018 50
        E: 2.100000 0001 0145 1
        E: 2.100000 0001 014a 1
        E: 2.100000 0004 0005 1234
        E: 2.100000 0000 0000 0
        E: 2.200000 0003 0000 400
        E: 2.200000 0003 0001 400
        E: 2.200000 0000 0000 0
        E: 2.300000 0001 014a 0
        E: 2.300000 0000 0000 0
        """
        let imported = try EvemuImporter.importTrace(events: ImportFixture.bytes(recording), eventsFile: "pad.event",
                                                     description: nil, descriptionFile: nil, options: ImportFixture.options)
        let touch = ImportFixture.touch
        #expect(imported.trace.events == [
            touch(1, .down, 100, 0, 0.1, 0.5, nil),
            touch(1, .move, 700, 600, 0.2, 0.5, nil),
            touch(1, .up, 700, 600, 0.3, 0.5, nil),
        ])
        #expect(imported.statistics.ignoredEvents == ["BTN_TOOL_FINGER": 1, "MSC_TIMESTAMP": 1])
        #expect(imported.trace.header.history == ["imported from evemu recording pad.event (device: its own description lines), single touch, 4 frames"])
    }

    @Test func theDescriptionIsFoundBesideTheRecording() throws {
        #expect(EvemuImporter.descriptionPath(besideRecording: "data/3m.event") == "data/3m.prop")
        #expect(EvemuImporter.descriptionPath(besideRecording: "data/recording") == "data/recording.prop")
        let folder = try ImportFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let eventsPath = folder.appendingPathComponent("two.event").path
        try Data(Self.twoSlots.utf8).write(to: URL(fileURLWithPath: eventsPath))
        let missing = ImportFixture.error { _ = try EvemuImporter.importFile(path: eventsPath, options: ImportFixture.options) }
        #expect(missing?.description == "\(eventsPath):2: no device description: expected \(folder.path)/two.prop beside it, or N: and A: lines in the recording itself, before its first event")
        try Data(Self.slottedDescription.utf8).write(to: folder.appendingPathComponent("two.prop"))
        let imported = try EvemuImporter.importFile(path: eventsPath, options: ImportFixture.options)
        #expect(imported.trace.events.count == 8)
        let explicit = ImportFixture.error {
            _ = try EvemuImporter.importFile(path: eventsPath, descriptionPath: folder.appendingPathComponent("other.prop").path,
                                             options: ImportFixture.options)
        }
        #expect(explicit?.description == "\(folder.path)/other.prop: cannot open: No such file or directory")
    }

    @Test(arguments: [
        ("E: 1.000000 0003 002f 0010\nE: 1.000000 0000 0000 0000", "fixture.event:1: slot 10 is out of range (the device's ABS_MT_SLOT is 0…9)"),
        ("E: 1.000000 0003 0035 abc", "fixture.event:1: value 'abc' is not a whole number"),
        ("E: 1.000000 0003 0035 99999999999", "fixture.event:1: value 99999999999 is out of range for a 32-bit value"),
        ("E: 1.5 0003 0035 1", "fixture.event:1: time '1.5' is not SECONDS.MICROSECONDS with six digits after the point (or up to nine, nanoseconds)"),
        ("E: 1.000000 00zz 0035 1", "fixture.event:1: event type '00zz' is not a hexadecimal number"),
        ("E: 1.000000 0003 0035", "fixture.event:1: an E: line needs 4 fields (time type code value), found 3"),
        ("E: 1.000000 0099 0000 0", "fixture.event:1: event type 0x99 is not a Linux input event type (0x00…0x1f)"),
        ("# nothing\nX: 1 2 3", "fixture.event:2: unknown line 'X: 1 2 3' (evemu lines start with E:, N:, I:, P:, B:, A:, L: or S:)"),
        ("", "fixture.event: the recording has no events"),
        ("# only comments\n\n", "fixture.event: the recording has no events"),
        ("E: 1.000000 0003 0039 1\nE: 1.000000 0003 0035 1\nE: 1.000000 0003 0036 1", "fixture.event: the recording has no complete frame: none of its 3 events is a SYN_REPORT"),
        ("E: 1.000000 0003 0035 1\nE: 1.000000 0000 0000 0", "fixture.event: the recording has no touch contacts: no contact went down in its 1 frames"),
        ("E: 2.000000 0000 0000 0\nE: 1.000000 0000 0000 0", "fixture.event:2: time goes backwards: 1.000000 s after 2.000000 s"),
        ("E: 1.000000500 0000 0000 0\nE: 1.000000400 0000 0000 0", "fixture.event:2: time goes backwards: 1.000000400 s after 1.000000500 s"),
        ("E: 1.000000 0003 0039 -5\nE: 1.000000 0000 0000 0", "fixture.event:1: tracking id -5 is invalid (-1 ends a contact, 0 and up start one)"),
        ("E: 1.000000 0000 0002 0\nE: 1.000000 0000 0000 0", "fixture.event:1: SYN_MT_REPORT (multi-touch protocol A) from a device with slots (protocol B)"),
    ])
    func badRecordingsAreRejectedNamingTheLine(recording: String, message: String) {
        #expect(ImportFixture.error { _ = try Self.slotted(recording) }?.description == message)
    }

    @Test(arguments: [
        ("N: Pad\nA: 35 0 100 0", "fixture.prop:2: an A: line needs 5 or 6 fields (code min max fuzz flat [resolution]), found 4"),
        ("N: Pad\nA: 99 0 100 0 0", "fixture.prop:2: axis code 99 is out of range (0x00…0x3f)"),
        ("N: Pad\nA: 35 0 ten 0 0", "fixture.prop:2: maximum 'ten' is not a whole number"),
        ("N: Pad\nA: 35 100 0 0 0", "fixture.prop:2: ABS_MT_POSITION_X has its maximum 0 below its minimum 100"),
        ("N: Pad\nA: 35 0 100 0 0\nA: 35 0 100 0 0", "fixture.prop:3: ABS_MT_POSITION_X is described twice (first on line 2)"),
        ("N: Pad\nN: Other", "fixture.prop:2: a second N: line (the device is already named on line 1)"),
        ("A: 35 0 100 0 0\nA: 36 0 100 0 0", "fixture.prop: the device description has no N: line naming the device"),
        ("N: Pad\nA: 2f 0 9 0 0", "fixture.prop: the device has no position axes (it needs ABS_MT_POSITION_X and ABS_MT_POSITION_Y, or ABS_X and ABS_Y)"),
        ("N: Pad\nA: 35 0 0 0 0\nA: 36 0 100 0 0", "fixture.prop:2: ABS_MT_POSITION_X has an empty range (0…0), so positions cannot be placed"),
        ("N: Pad\nE: 1.000000 0000 0000 0", "fixture.prop:2: an E: event line in a device description (is this the .event file?)"),
    ])
    func badDescriptionsAreRejectedNamingTheLine(description: String, message: String) {
        let error = ImportFixture.error {
            _ = try EvemuImporter.importTrace(events: ImportFixture.bytes(Self.twoSlots), eventsFile: "fixture.event",
                                              description: ImportFixture.bytes(description), descriptionFile: "fixture.prop",
                                              options: ImportFixture.options)
        }
        #expect(error?.description == message)
    }
}

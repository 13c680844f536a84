import Engine
import Foundation
import Interaction
import Testing
import Traces

@Suite("Importing getevent output")
struct ImportGeteventTests {
    static let fixtures = packageRoot.appendingPathComponent("Tests/TracesTests/Fixtures/AndroidInput")
    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
    static let prefix = "google_pixel_tablet_touchscreen"

    /// The axes' ranges (0…1599, 0…2559): one device unit is one point, as on Android's 1600×2560
    /// display, where Android scales by 1600 / 1600.
    static let options = ImportOptions(windowSize: Size(width: 1599, height: 2559), created: "2025-01-01T00:00:00Z",
                                       program: "gesture-lab test")

    /// One MotionEvent Android expects.
    struct Expected {
        var phase: PointerPhase
        var x, y, pressure, touchMajor: Double
    }

    static func expectedEvents() throws -> [Expected] {
        let data = try Data(contentsOf: fixtures.appendingPathComponent("\(prefix)_events.json"))
        let json = try TraceSchema.parseJSON(Array(data))
        let events = try #require(json.array?.first?["events"]?.array)
        return try events.map { event in
            let axes = try #require(event["axes"])
            let phase: PointerPhase = switch event["action"]?.string {
            case "DOWN": .down
            case "UP": .up
            default: .move
            }
            return Expected(phase: phase, x: try #require(axes["AXIS_X"]?.number), y: try #require(axes["AXIS_Y"]?.number),
                            pressure: try #require(axes["AXIS_PRESSURE"]?.number), touchMajor: try #require(axes["AXIS_TOUCH_MAJOR"]?.number))
        }
    }

    /// How many imported events equal Android's, in order, in phase, position, pressure (to the
    /// four decimals a trace keeps) and size.
    static func matches(_ events: [PointerEvent], _ expected: [Expected]) -> Int {
        zip(events, expected).filter { event, android in
            event.phase == android.phase && event.position == Point(x: android.x, y: android.y)
                && event.pressure == (android.pressure * 10_000).rounded() / 10_000 && event.contactSize == android.touchMajor
        }.count
    }

    @Test func thePixelTabletSwipeInGeteventLabelledFormEqualsAndroidsMotionEvents() throws {
        let imported = try GeteventImporter.importFile(path: Self.fixture("\(Self.prefix).getevent-lt.txt"),
                                                       axes: .descriptionFile(path: Self.fixture("\(Self.prefix).getevent-lp.txt")),
                                                       options: Self.options)
        let expected = try Self.expectedEvents()
        #expect(expected.count == 26)
        #expect(imported.trace.events.count == 26)
        #expect(Self.matches(imported.trace.events, expected) == 26)
        #expect(imported.trace.events.map(\.pointerID) == Array(repeating: 1, count: 26))
        #expect(imported.trace.events.last?.timestamp == 0.207942)
        #expect(imported.statistics.sourceFrames == 26)
        #expect(imported.statistics.ignoredEvents == ["ABS_MT_TOUCH_MINOR": 4, "ABS_MT_ORIENTATION": 23, "BTN_TOUCH": 2])
        let header = imported.trace.header
        #expect(header.devices.first?.name == "NVTCapacitiveTouchScreen")
        #expect(header.devices.first?.axes == ["x": 0...1599, "y": 0...2559, "pressure": 0...256, "size": 0...2559])
        #expect(header.clock == "kernel event time (getevent -t)")
        #expect(header.history == ["imported from getevent output \(Self.fixture("\(Self.prefix).getevent-lt.txt")) (axes: \(Self.fixture("\(Self.prefix).getevent-lp.txt")), device /dev/input/event2), multi-touch protocol B, 26 frames"])
        #expect(try ImportFixture.writtenAndReloaded(imported.trace) == imported.trace)
    }

    @Test func theNumericFormGivesTheSameEvents() throws {
        let labelled = try GeteventImporter.importFile(path: Self.fixture("\(Self.prefix).getevent-lt.txt"),
                                                       axes: .descriptionFile(path: Self.fixture("\(Self.prefix).getevent-lp.txt")),
                                                       options: Self.options)
        let numeric = try GeteventImporter.importFile(path: Self.fixture("\(Self.prefix).getevent-t.txt"),
                                                      axes: .descriptionFile(path: Self.fixture("\(Self.prefix).getevent-p.txt")),
                                                      options: Self.options)
        #expect(numeric.trace.events == labelled.trace.events)
        #expect(Self.matches(numeric.trace.events, try Self.expectedEvents()) == 26)
    }

    @Test func theEvemuImporterDecodesTheOriginalRecordingTheSame() throws {
        let getevent = try GeteventImporter.importFile(path: Self.fixture("\(Self.prefix).getevent-t.txt"),
                                                       axes: .descriptionFile(path: Self.fixture("\(Self.prefix).getevent-p.txt")),
                                                       options: Self.options)
        let evemu = try EvemuImporter.importFile(path: Self.fixture("\(Self.prefix).evemu"), options: Self.options)
        #expect(evemu.trace.events == getevent.trace.events)
    }

    @Test func rangesOnTheCommandLineStretchTheAxesOverTheWindow() throws {
        let ranges = GeteventRanges(x: 0...1599, y: 0...2559, pressure: 0...256, touchMajor: 0...2559)
        let imported = try GeteventImporter.importFile(path: Self.fixture("\(Self.prefix).getevent-lt.txt"), axes: .ranges(ranges),
                                                       options: Self.options)
        #expect(Self.matches(imported.trace.events, try Self.expectedEvents()) == 26)
        #expect(imported.trace.header.devices.first?.name == "NVTCapacitiveTouchScreen")
        // Half the window: every position halves.
        var half = Self.options
        half.windowSize = Size(width: 799.5, height: 1279.5)
        let halved = try GeteventImporter.importFile(path: Self.fixture("\(Self.prefix).getevent-t.txt"), axes: .ranges(ranges), options: half)
        #expect(halved.trace.events.first?.position == Point(x: 405, y: 825))
        #expect(halved.trace.header.devices.first?.name == "getevent device")
    }

    static let description = """
    add device 1: /dev/input/event0
      name:     "gpio-keys"
      events:
        KEY (0001): KEY_VOLUMEDOWN        KEY_VOLUMEUP          KEY_POWER
      input props:
        <none>
    add device 2: /dev/input/event3
      name:     "touch"
      events:
        ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                    ABS_MT_POSITION_X     : value 0, min 0, max 800, fuzz 0, flat 0, resolution 0
                    ABS_MT_POSITION_Y     : value 0, min 0, max 600, fuzz 0, flat 0, resolution 0
                    ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
      input props:
        INPUT_PROP_DIRECT
    """

    static let events = """
    add device 1: /dev/input/event0
      name:     "gpio-keys"
    add device 2: /dev/input/event3
      name:     "touch"
    [   20897.700000] /dev/input/event0: EV_KEY       KEY_VOLUMEDOWN       DOWN
    [   20897.700000] /dev/input/event0: EV_SYN       SYN_REPORT           00000000
    [   20897.702414] /dev/input/event3: EV_ABS       ABS_MT_TRACKING_ID   00000007
    [   20897.702414] /dev/input/event3: EV_ABS       ABS_MT_POSITION_X    00000064
    [   20897.702414] /dev/input/event3: EV_ABS       ABS_MT_POSITION_Y    000000c8
    [   20897.702414] /dev/input/event3: EV_ABS       ABS_MT_TOOL_TYPE     MT_TOOL_FINGER
    [   20897.702414] /dev/input/event3: EV_KEY       BTN_TOOL_FINGER      DOWN
    [   20897.702414] /dev/input/event3: EV_SYN       SYN_REPORT           00000000
    [   20897.718414] /dev/input/event3: EV_ABS       ABS_MT_POSITION_X    00000096             
    [   20897.718414] /dev/input/event3: EV_SYN       SYN_REPORT           00000000             rate 62
    [   20897.734414] /dev/input/event3: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
    [   20897.734414] /dev/input/event3: EV_SYN       SYN_REPORT           00000000             rate 62
    """

    @Test func theTouchDeviceIsChosenAndOtherDevicesEventsAreSkipped() throws {
        let imported = try GeteventImporter.importTrace(bytes: Array(Self.events.utf8), file: "session.txt",
                                                        axes: .description(bytes: Array(Self.description.utf8), file: "axes.txt"),
                                                        options: ImportFixture.options)
        #expect(imported.trace.events == [
            ImportFixture.touch(1, .down, 100, 200, 0),
            ImportFixture.touch(1, .move, 150, 200, 0.016),
            ImportFixture.touch(1, .up, 150, 200, 0.032),
        ])
        #expect(imported.statistics.otherDeviceEvents == 2)
        #expect(imported.statistics.ignoredEvents == ["ABS_MT_TOOL_TYPE": 1, "BTN_TOOL_FINGER": 1])
        #expect(imported.summary == "3 events, 1 contact (at most 1 at once), 0.032 s, 3 frames; ignored 2 source events (ABS_MT_TOOL_TYPE 1, BTN_TOOL_FINGER 1); skipped 2 events of other devices")
    }

    /// The touch of ``events`` with its times in nanoseconds and a second move 0.7 µs after the
    /// first, within the same microsecond: as Android's nanosecond event times of samples that
    /// come less than a microsecond apart.
    static let nanosecondEvents = """
    [   20897.702414100] EV_ABS       ABS_MT_TRACKING_ID   00000007
    [   20897.702414100] EV_ABS       ABS_MT_POSITION_X    00000064
    [   20897.702414100] EV_ABS       ABS_MT_POSITION_Y    000000c8
    [   20897.702414100] EV_SYN       SYN_REPORT           00000000
    [   20897.718414200] EV_ABS       ABS_MT_POSITION_X    00000096
    [   20897.718414200] EV_SYN       SYN_REPORT           00000000
    [   20897.718414900] EV_ABS       ABS_MT_POSITION_X    000000a0
    [   20897.718414900] EV_SYN       SYN_REPORT           00000000
    [   20897.734414000] EV_ABS       ABS_MT_TRACKING_ID   ffffffff
    [   20897.734414000] EV_SYN       SYN_REPORT           00000000
    """

    @Test func framesLessThanAMicrosecondApartShareATimeAndTheHistoryAndTheWarningsSaySo() throws {
        let imported = try GeteventImporter.importTrace(bytes: Array(Self.nanosecondEvents.utf8), file: "ns.txt",
                                                        axes: .description(bytes: Array(Self.description.utf8), file: "axes.txt"),
                                                        options: ImportFixture.options)
        // Microseconds as the kernel's timeval keeps them (truncated): both moves are at 0.016 s.
        #expect(imported.trace.events == [
            ImportFixture.touch(1, .down, 100, 200, 0),
            ImportFixture.touch(1, .move, 150, 200, 0.016),
            ImportFixture.touch(1, .move, 160, 200, 0.016),
            ImportFixture.touch(1, .up, 160, 200, 0.032),
        ])
        #expect(imported.statistics.framesSharingAMicrosecond == 1)
        #expect(imported.statistics.firstFrameSharingAMicrosecond == 8)
        let warning = "1 frame came less than 1 µs after the frame before, at a time of its own that the format's microseconds cannot keep (first at line 8): its samples share the time of the frame before"
        #expect(imported.statistics.timeWarnings == [warning])
        #expect(imported.trace.header.history == ["imported from getevent output ns.txt (axes: axes.txt, device /dev/input/event3), multi-touch protocol B, 4 frames; \(warning)"])
        var check = TimingWarnings()
        for event in imported.trace.events { check.observe(event) }
        #expect(check.finish().map(\.description) == ["event 1: 2 moves of pointer 1 to different places share the time 0.016 s (the clock did not run)"])
        // In whole microseconds, the second move a millisecond later: nothing to say.
        let microseconds = Self.nanosecondEvents.replacingOccurrences(of: "718414900]", with: "719414900]")
            .replacingOccurrences(of: #"(\.\d{6})\d{3}\]"#, with: "$1]", options: .regularExpression)
        let plain = try GeteventImporter.importTrace(bytes: Array(microseconds.utf8), file: "us.txt",
                                                     axes: .description(bytes: Array(Self.description.utf8), file: "axes.txt"),
                                                     options: ImportFixture.options)
        #expect(plain.statistics.timeWarnings.isEmpty)
        #expect(plain.trace.events.map(\.timestamp) == [0, 0.016, 0.017, 0.032])
    }

    @Test func aKeyGeteventHasNoNumberForIsCountedByItsName() throws {
        let events = Self.events.replacingOccurrences(of: "BTN_TOOL_FINGER", with: "BTN_TOOL_TRIPLETAP_X")
        let imported = try GeteventImporter.importTrace(bytes: Array(events.utf8), file: "session.txt",
                                                        axes: .description(bytes: Array(Self.description.utf8), file: "axes.txt"),
                                                        options: ImportFixture.options)
        #expect(imported.statistics.ignoredEvents["BTN_TOOL_TRIPLETAP_X"] == 1)
    }

    @Test func withRangesEventsOfTwoDevicesNeedTheDeviceNamed() throws {
        let ranges = GeteventRanges(x: 0...800, y: 0...600)
        let error = ImportFixture.error {
            _ = try GeteventImporter.importTrace(bytes: Array(Self.events.utf8), file: "s.txt", axes: .ranges(ranges), options: ImportFixture.options)
        }
        #expect(error == TraceError(file: "s.txt", line: 7, problem: "events of /dev/input/event3 after events of /dev/input/event0: with ranges on the command line, choose the touch screen with --device PATH"))
        let imported = try GeteventImporter.importTrace(bytes: Array(Self.events.utf8), file: "s.txt", axes: .ranges(ranges),
                                                        device: "/dev/input/event3", options: ImportFixture.options)
        #expect(imported.statistics.otherDeviceEvents == 2)
        #expect(imported.trace.events.count == 3)
        #expect(imported.trace.header.devices.first?.name == "touch")
    }

    @Test func aDescriptionOfTwoTouchDevicesAsksForOne() {
        let two = Self.description + "\n" + Self.description.split(separator: "\n").suffix(9).joined(separator: "\n")
            .replacingOccurrences(of: "event3", with: "event4")
        let error = ImportFixture.error {
            _ = try GeteventImporter.importTrace(bytes: Array(Self.events.utf8), file: "s.txt",
                                                 axes: .description(bytes: Array(two.utf8), file: "axes.txt"), options: ImportFixture.options)
        }
        #expect(error == TraceError(file: "axes.txt", problem: "describes 2 devices with position axes (/dev/input/event3 \"touch\", /dev/input/event4 \"touch\"); choose one with --device PATH"))
        let chosen = try? GeteventImporter.importTrace(bytes: Array(Self.events.utf8), file: "s.txt",
                                                       axes: .description(bytes: Array(two.utf8), file: "axes.txt"),
                                                       device: "/dev/input/event3", options: ImportFixture.options)
        #expect(chosen?.trace.events.count == 3)
    }

    @Test(arguments: [
        ("EV_ABS ABS_MT_POSITION_X 00000064", 1, "an event line without a time stamp: record with 'getevent -lt' or 'getevent -t' (the -t is needed)"),
        ("[ 1.5] EV_SYN SYN_REPORT 00000000", 1, "time '1.5' is not SECONDS.MICROSECONDS with six digits after the point (or up to nine, nanoseconds)"),
        ("[ 1.0000000001] EV_SYN SYN_REPORT 00000000", 1, "time '1.0000000001' is not SECONDS.MICROSECONDS with six digits after the point (or up to nine, nanoseconds)"),
        ("[ 1.000000 EV_SYN SYN_REPORT 00000000", 1, "the time stamp has no closing ']'"),
        ("[ 1.000000] EV_ABS ABS_MT_POSITION_X", 1, "an event needs a type, a code and a value after its time, found 2 fields"),
        ("[ 1.000000] EV_BOGUS ABS_MT_POSITION_X 00000001", 1, "event type 'EV_BOGUS' is neither 4 hexadecimal digits nor a name getevent prints (EV_SYN, EV_KEY, EV_ABS, …)"),
        ("[ 1.000000] EV_ABS ABS_MT_WHATEVER 00000001", 1, "event code 'ABS_MT_WHATEVER' is neither 4 hexadecimal digits nor a name of an EV_ABS code"),
        ("[ 1.000000] EV_ABS ABS_MT_POSITION_X 12", 1, "value '12' is neither 8 hexadecimal digits nor a name getevent prints for it"),
        ("[ 1.000000] EV_KEY BTN_TOUCH PRESSED", 1, "value 'PRESSED' is neither 8 hexadecimal digits nor a name getevent prints for it"),
        ("hello", 1, "unknown line 'hello' (expected '[ SECONDS.MICROSECONDS] TYPE CODE VALUE' from getevent -t or -lt)"),
        ("[ 1.000000] 0003 002f 0000000a\n[ 1.000000] 0000 0000 00000000", 1, "slot 10 is out of range (the device's ABS_MT_SLOT is 0…9)"),
        ("[ 2.000000] 0003 0039 00000001\n[ 2.000000] 0003 0035 00000001\n[ 2.000000] 0003 0036 00000001\n[ 2.000000] 0000 0000 00000000\n[ 1.000000] 0000 0000 00000000", 5, "time goes backwards: 1.000000 s after 2.000000 s"),
    ])
    func aBadEventLineIsNamed(text: String, line: Int, problem: String) {
        let error = ImportFixture.error {
            _ = try GeteventImporter.importTrace(bytes: Array(text.utf8), file: "bad.txt",
                                                 axes: .description(bytes: Array(Self.description.utf8), file: "axes.txt"),
                                                 options: ImportFixture.options)
        }
        #expect(error == TraceError(file: "bad.txt", line: line, problem: problem))
    }

    @Test(arguments: [
        ("[ 1.000000] EV_SYN SYN_REPORT 00000000", 1, "an event line in the axis description (give getevent -lp output with --axes, the events as the input)"),
        ("add device 1: /dev/input/event3\n  events:\n    ABS (0003): ABS_MT_POSITION_X : value 0, min 5, max 1", 3, "ABS_MT_POSITION_X has its maximum 1 below its minimum 5"),
        ("add device 1: /dev/input/event3\n  events:\n    ABS (0003): ABS_MT_POSITION_X : value 0, max 1", 3, "ABS_MT_POSITION_X needs its min and max"),
        ("add device 1: /dev/input/event3\n  events:\n    ABS (0003): ABS_NOPE : value 0, min 0, max 1", 3, "axis 'ABS_NOPE' is neither an ABS_ name nor a code in 0000…3f"),
        ("add device 1: /dev/input/event3\n  events:\n    ABS (0003): 0035 : value 0, min 0, max 1, speed 3", 3, "'speed 3' is not one of value, min, max, fuzz, flat, resolution with a number"),
        ("add device 1: /dev/input/event3\n  events:\n    ABS (0003): 0035 : value 0, min 0, max 9\n                0035 : value 0, min 0, max 9", 4, "ABS_MT_POSITION_X is described twice for /dev/input/event3 (first on line 3)"),
    ])
    func aBadDescriptionLineIsNamed(text: String, line: Int, problem: String) {
        let error = ImportFixture.error {
            _ = try GeteventImporter.importTrace(bytes: Array(Self.events.utf8), file: "s.txt",
                                                 axes: .description(bytes: Array(text.utf8), file: "axes.txt"), options: ImportFixture.options)
        }
        #expect(error == TraceError(file: "axes.txt", line: line, problem: problem))
    }

    @Test func aDescriptionWithNoTouchDeviceSaysSo() {
        let keysOnly = Self.description.split(separator: "\n").prefix(6).joined(separator: "\n")
        let error = ImportFixture.error {
            _ = try GeteventImporter.importTrace(bytes: Array(Self.events.utf8), file: "s.txt",
                                                 axes: .description(bytes: Array(keysOnly.utf8), file: "axes.txt"), options: ImportFixture.options)
        }
        #expect(error == TraceError(file: "axes.txt", problem: "describes no device with position axes (ABS_MT_POSITION_X and _Y, or ABS_X and ABS_Y)"))
    }

    @Test func rangesAreParsedWithTheOptionNamed() throws {
        #expect(try GeteventRanges.parse("0:1599", option: "--x-range").get() == 0...1599)
        func message(_ result: Result<ClosedRange<Int32>, GeteventRangeError>) -> String? {
            if case .failure(let error) = result { return error.description }
            return nil
        }
        #expect(message(GeteventRanges.parse("5:5", option: "--y-range")) == "--y-range 5:5 is empty: MAX must be above MIN")
        #expect(message(GeteventRanges.parse("0-10", option: "--x-range")) == "--x-range needs MIN:MAX in device units (whole numbers), e.g. 0:1599; got '0-10'")
    }

    @Test("a description of 256 devices is read; a 257th is refused at its line")
    func describedDevicesAtTheLimitAndOnePast() throws {
        // The description's 2 devices (15 lines), then more without axes from line 16.
        func description(devices: Int) -> [UInt8] {
            Array((Self.description + (2..<devices).map { "\nadd device \($0 + 1): /dev/input/event\($0 + 8)" }.joined()).utf8)
        }
        let atLimit = try GeteventImporter.importTrace(bytes: Array(Self.events.utf8), file: "session.txt",
                                                       axes: .description(bytes: description(devices: 256), file: "axes.txt"), options: ImportFixture.options)
        #expect(atLimit.trace.events.count == 3)
        let error = ImportFixture.error {
            _ = try GeteventImporter.importTrace(bytes: Array(Self.events.utf8), file: "session.txt",
                                                 axes: .description(bytes: description(devices: 257), file: "axes.txt"), options: ImportFixture.options)
        }
        #expect(error == TraceError(file: "axes.txt", line: 270, problem: "more than 256 devices described (the limit of a getevent -p description)"))
    }

    @Test("with ranges, the names of the first 256 devices the events add are kept; a 257th's is not")
    func deviceNamesKeptAtTheLimitAndOnePast() throws {
        func imported(devices: Int) throws -> ImportedTrace {
            let added = (0..<devices).map { "add device \($0 + 1): /dev/input/event\($0)\n  name:     \"pad \($0)\"\n" }.joined()
            let path = "/dev/input/event\(devices - 1)"
            let events = """
            [   1.000000] \(path): EV_ABS       ABS_MT_TRACKING_ID   00000007
            [   1.000000] \(path): EV_ABS       ABS_MT_POSITION_X    00000064
            [   1.000000] \(path): EV_ABS       ABS_MT_POSITION_Y    000000c8
            [   1.000000] \(path): EV_SYN       SYN_REPORT           00000000
            [   1.016000] \(path): EV_ABS       ABS_MT_TRACKING_ID   ffffffff
            [   1.016000] \(path): EV_SYN       SYN_REPORT           00000000
            """
            return try GeteventImporter.importTrace(bytes: Array((added + events).utf8), file: "session.txt",
                                                    axes: .ranges(GeteventRanges(x: 0...800, y: 0...600)), options: ImportFixture.options)
        }
        #expect(try imported(devices: 256).trace.header.devices.first?.name == "pad 255")
        #expect(try imported(devices: 257).trace.header.devices.first?.name == "getevent device")
    }

    @Test func aDescriptionOfMoreDevicesThanTheLimitIsRefused() {
        let limit = 256
        let text = (0...limit).map { "add device \($0): /dev/input/event\($0)" }.joined(separator: "\n")
        let error = ImportFixture.error {
            _ = try GeteventImporter.importTrace(bytes: Array(Self.events.utf8), file: "s.txt",
                                                 axes: .description(bytes: Array(text.utf8), file: "axes.txt"), options: ImportFixture.options)
        }
        #expect(error == TraceError(file: "axes.txt", line: limit + 1, problem: "more than 256 devices described (the limit of a getevent -p description)"))
    }
}

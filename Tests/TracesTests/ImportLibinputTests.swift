import Engine
import Foundation
import Interaction
import Testing
@testable import Traces

@Suite("Importing libinput recordings")
struct ImportLibinputTests {
    /// A recording as `libinput record` writes it (see its tools/libinput-record.c): a keyboard,
    /// then a protocol B touch screen of 1600×1200 units, two fingers.
    static let recording = """
    # libinput record
    version: 1
    ndevices: 2
    libinput:
      version: "1.23.0"
      git: "unknown"
    system:
      os: "fedora:38"
      kernel: "6.2.9-300.fc38.x86_64"
      dmi: "dmi:bvnLENOVO:bvrN32ET:svnLENOVO:pn20XW:"
    devices:
    - node: /dev/input/event3
      evdev:
        # Name: AT Translated Set 2 keyboard
        name: "AT Translated Set 2 keyboard"
        id: [17, 1, 1, 43841]
        codes:
          0: [0, 1, 4, 17, 20] # EV_SYN
          1: [1, 2, 3] # EV_KEY
        properties: []
      events:
      - evdev:
        - [  0,      0,   1,  30,       1] # EV_KEY / KEY_A                     1
        - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
    - node: /dev/input/event5
      evdev:
        # Name: ELAN Touchscreen
        # ID: bus 0x0018 (i2c) vendor 0x04f3 product 0x2a3c version 0x0100
        # Size in mm: unknown, missing resolution
        # Supported Events:
        # Event type 3 (EV_ABS)
        #   Event code 53 (ABS_MT_POSITION_X)
        #       Min             0
        #       Max          1600
        # Properties:
        #    Property 1 (INPUT_PROP_DIRECT)
        name: "ELAN Touchscreen"
        id: [24, 1267, 10812, 256]
        codes:
          0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] # EV_SYN
          1: [330] # EV_KEY
          3: [0, 1, 47, 53, 54, 57] # EV_ABS
        absinfo:
          0: [0, 1600, 0, 0, 0]
          1: [0, 1200, 0, 0, 0]
          47: [0, 9, 0, 0, 0]
          53: [0, 1600, 0, 0, 0]
          54: [0, 1200, 0, 0, 0]
          57: [0, 65535, 0, 0, 0]
        properties: [1]
      hid: [
        0x05, 0x0d, 0x09, 0x04, 0xa1, 0x01, 0x85, 0x01, 0x09, 0x22, 0xa1, 0x02, 0x09, 0x42, 0x15, 0x00,
        0x25, 0x01
      ]
      udev:
        properties:
        - ID_INPUT=1
        - ID_INPUT_TOUCHSCREEN=1
        - DRIVER=elants_i2c
        virtual: false
      quirks:
      - AttrSizeHint=0x0
      libinput:
        capabilities: [touch]
      events:
      # Current time is 10:20:30
      - evdev:
        - [  0,      0,   3,  57,      42] # EV_ABS / ABS_MT_TRACKING_ID         42
        - [  0,      0,   3,  53,     400] # EV_ABS / ABS_MT_POSITION_X         400 (+400)
        - [  0,      0,   3,  54,     600] # EV_ABS / ABS_MT_POSITION_Y         600 (+600)
        - [  0,      0,   1, 330,       1] # EV_KEY / BTN_TOUCH                   1
        - [  0,      0,   3,   0,     400] # EV_ABS / ABS_X                     400 (+400)
        - [  0,      0,   3,   1,     600] # EV_ABS / ABS_Y                     600 (+600)
        - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
      - libinput:
        - {time: 0.000000, type: TOUCH_DOWN, slot: 0, seat_slot: 0, point: [25.00, 50.00], transformed: [25.00, 50.00]}
        - {time: 0.000000, type: TOUCH_FRAME}
      - evdev:
        - [  0,   8123,   3,  53,     440] # EV_ABS / ABS_MT_POSITION_X         440 (+40)
        - [  0,   8123,   3,   0,     440] # EV_ABS / ABS_X                     440 (+40)
        - [  0,   8123,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +8ms
      - evdev:
        - [  0,  16250,   3,  47,       1] # EV_ABS / ABS_MT_SLOT                 1
        - [  0,  16250,   3,  57,      43] # EV_ABS / ABS_MT_TRACKING_ID         43
        - [  0,  16250,   3,  53,    1200] # EV_ABS / ABS_MT_POSITION_X        1200 (+1200)
        - [  0,  16250,   3,  54,     200] # EV_ABS / ABS_MT_POSITION_Y         200 (+200)
        - [  0,  16250,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +8ms
      - evdev:
        - [  1,   2500,   3,  47,       0] # EV_ABS / ABS_MT_SLOT                 0
        - [  1,   2500,   3,  57,      -1] # EV_ABS / ABS_MT_TRACKING_ID         -1
        - [  1,   2500,   3,  47,       1] # EV_ABS / ABS_MT_SLOT                 1
        - [  1,   2500,   3,  57,      -1] # EV_ABS / ABS_MT_TRACKING_ID         -1
        - [  1,   2500,   1, 330,       0] # EV_KEY / BTN_TOUCH                   0
        - [  1,   2500,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +986ms
                                     # Touch device in neutral state
    """

    static func imported(_ text: String) throws -> ImportedTrace {
        try LibinputRecordImporter.importTrace(bytes: ImportFixture.bytes(text), file: "fixture.yml", options: ImportFixture.options)
    }

    @Test func theTouchScreenOfARecordingGivesExactEvents() throws {
        let imported = try Self.imported(Self.recording)
        let touch = ImportFixture.touch
        #expect(imported.trace.events == [
            touch(1, .down, 200, 300, 0, nil, nil),
            touch(1, .move, 220, 300, 0.008123, nil, nil),
            touch(2, .down, 600, 100, 0.01625, nil, nil),
            touch(1, .up, 220, 300, 1.0025, nil, nil),
            touch(2, .up, 600, 100, 1.0025, nil, nil),
        ])
        #expect(imported.statistics == ImportStatistics(sourceFrames: 4, contacts: 2, mostContactsAtOnce: 2,
                                                        framesByContactCount: [0: 1, 1: 2, 2: 1],
                                                        ignoredEvents: ["BTN_TOUCH": 2, "ABS_X": 2, "ABS_Y": 1]))
        let header = imported.trace.header
        #expect(header.devices == [TraceHeader.Device(kind: .touch, name: "ELAN Touchscreen", axes: ["x": 0...1600, "y": 0...1200])])
        #expect(header.clock == "kernel event time (libinput record)")
        #expect(header.history == ["imported from libinput recording fixture.yml (device 2 of 2), multi-touch protocol B, 4 frames"])
        #expect(try ImportFixture.writtenAndReloaded(imported.trace) == imported.trace)
    }

    /// A one-device recording whose events are `events` (lines of `- [sec, usec, type, code, value]`).
    static func recording(events: String) -> String {
        """
        version: 1
        devices:
        - node: /dev/input/event5
          evdev:
            name: "Panel"
            absinfo:
              47: [0, 9, 0, 0, 0]
              53: [0, 1600, 0, 0, 0]
              54: [0, 1200, 0, 0, 0]
          events:
          - evdev:
        \(events)
        """
    }

    @Test(arguments: [
        ("version: 2\ndevices: []", "fixture.yml:1: libinput record format version '2' is not supported (this reads version 1)"),
        ("ndevices: 1\ndevices: []", "fixture.yml: not a libinput recording: no 'version:' at the top level"),
        ("version: 1\nndevices: 1", "fixture.yml: not a libinput recording: no 'devices:' at the top level"),
        ("version: 1\ndevices: []", "fixture.yml:2: 'devices:' must be a list holding at least one device"),
        ("", "fixture.yml: the file is empty"),
        ("# just a comment\n", "fixture.yml: the file is empty"),
        ("- 1\n- 2", "fixture.yml:1: not a libinput recording: the top level must be a mapping with 'version:' and 'devices:'"),
        ("version: 1\n\tdevices: []", "fixture.yml:2: a tab in the indentation (YAML indents with spaces)"),
        ("version: 1\nversion: 1", "fixture.yml:2: the key 'version' appears twice in one mapping (first on line 1)"),
        ("version: 1\ndevices\n", "fixture.yml:2: expected 'key: value' or '- item', found 'devices'"),
        ("version: 1\n  devices: []", "fixture.yml:2: unexpected indentation after the value on line 1"),
        ("version: 1\ndevices: [1, 2\n", "fixture.yml:2: '[' opened here is never closed"),
        ("version: &v 1", "fixture.yml:1: '&' (block scalars, anchors, aliases and tags) is not part of libinput record's format"),
        ("version: \"1", "fixture.yml:1: a quoted string that does not end on its line: \"1"),
        ("version: 1\n---\nversion: 1", "fixture.yml:2: a second YAML document; a recording holds one"),
        ("version: 1\ndevices:\n- node: x\n  evdev:\n    name: Keys", "fixture.yml:3: no device in the recording has position axes (ABS_MT_POSITION_X and ABS_MT_POSITION_Y, or ABS_X and ABS_Y)"),
        ("version: 1\ndevices:\n- node: x\n  evdev:\n    absinfo:\n      53: [0, 10, 0, 0]", "fixture.yml:6: an absinfo entry must be [min, max, fuzz, flat, resolution]"),
        (recording(events: "    - [  0,      0,   3,  47,      12]\n    - [  0,      0,   0,   0,       0]"), "fixture.yml:12: slot 12 is out of range (the device's ABS_MT_SLOT is 0…9)"),
        (recording(events: "    - [  0,    abc,   3,  53,      12]"), "fixture.yml:12: usec 'abc' is not a whole number"),
        (recording(events: "    - [  0,      0,   3,  53]"), "fixture.yml:12: an evdev event must be [sec, usec, type, code, value]"),
        (recording(events: "    - [  0, 1000000,  3,  53,  1]"), "fixture.yml:12: microseconds 1000000 is out of range (0…999999)"),
        (recording(events: "    - [  0,      0,   3,  53,  4294967296]"), "fixture.yml:12: value 4294967296 is out of range for a 32-bit value"),
        (recording(events: "    - [  0,      0,   3,  57,   1]\n    - [  0,      0,   3,  53,   1]"), "fixture.yml: the recording has no complete frame: none of its 2 events is a SYN_REPORT"),
        (recording(events: "    - [  0,      0,   3,  57,   1]\n      - [  0,      0,   3,  53,   1]"), "fixture.yml:13: unexpected indentation after the value on line 12"),
        ((0..<40).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n"), "fixture.yml:33: mappings and lists nested deeper than 32 levels"),
        ("version: 1\ndevices:\n- node: x\n  events:\n  - evdev:\n    - [0, 0, 0, 0, 0]\n  evdev:\n    name: P",
         "fixture.yml:3: a device needs its 'evdev:' description before its 'events:'"),
        ("version: 1\ndevices:\n- node: x\n  evdev:\n    absinfo:\n      53: [0, 10, 0, 0, 0]\n      54: [0, 10, 0, 0, 0]",
         "fixture.yml:3: the device has no 'events:'"),
        (recording(events: String(repeating: "    - [  0,      0,   3,  53,   1]\n", count: 70_000)),
         "fixture.yml:11: an entry of 'events:' larger than 2 MiB (the limit of one entry)"),
    ])
    func badRecordingsAreRejectedNamingTheLine(text: String, message: String) {
        #expect(ImportFixture.error { _ = try Self.imported(text) }?.description == message)
    }

    /// `count` lines, each `line(index, length)` of the length given, whose lengths add up to
    /// `total` (none longer than 60,000 bytes, none shorter than 100).
    static func lines(adding total: Int, _ line: (Int, Int) -> String) -> [String] {
        let count = (total + 59_999) / 60_000
        return (0..<count).map { index in line(index, index < count - 1 ? total / count : total - (count - 1) * (total / count)) }
    }

    /// The text of `recording(events:)` a limit counts: every line outside the events without
    /// its indentation, 140 bytes.
    static let descriptionBytes = ["version: 1", "devices:", "- node: /dev/input/event5", "evdev:", "name: \"Panel\"", "absinfo:",
                                   "47: [0, 9, 0, 0, 0]", "53: [0, 1600, 0, 0, 0]", "54: [0, 1200, 0, 0, 0]", "events:"].map(\.utf8.count).reduce(0, +)

    @Test("a flow list of exactly 1 MiB (its lines joined by one space, without indentation) is read; one byte more is refused")
    func flowListAtTheLimitAndOnePast() throws {
        #expect(RecordYAMLReader.flowLengthLimit == 1_048_576)
        /// The recording with a `hid: [` list on line 4 whose text takes `bytes` bytes: "[", then
        /// each line's text after a space, items of "a"s.
        func recording(flowBytes bytes: Int) -> String {
            let rows = Self.lines(adding: bytes - 1) { index, length in
                String(repeating: "a", count: length - 2) + (index == (bytes - 1 + 59_999) / 60_000 - 1 ? "]" : ",")
            }
            return Self.recording(events: "    - [  0,      0,   3,  57,   1]\n    - [  0,      0,   3,  53,   1]\n    - [  0,      0,   3,  54,   1]\n    - [  0,      0,   0,   0,   0]")
                .replacingOccurrences(of: "- node: /dev/input/event5\n", with: "- node: /dev/input/event5\n  hid: [\n" + rows.map { "    " + $0 + "\n" }.joined())
        }
        #expect(try Self.imported(recording(flowBytes: RecordYAMLReader.flowLengthLimit)).trace.events.count == 2)
        #expect(ImportFixture.error { _ = try Self.imported(recording(flowBytes: RecordYAMLReader.flowLengthLimit + 1)) }?.description
                == "fixture.yml:4: the '[' opened here runs over more than 1 MiB (the limit of one flow list)")
    }

    @Test("mappings nested 32 deep are read (the top level the first); 33 are refused at the 33rd")
    func nestingAtTheLimitAndOnePast() throws {
        #expect(RecordYAMLReader.depthLimit == 32)
        let events = "    - [  0,      0,   3,  57,   1]\n    - [  0,      0,   3,  53,   1]\n    - [  0,      0,   3,  54,   1]\n    - [  0,      0,   0,   0,   0]"
        /// `pad:` at the top (level 1) holding mappings down to level `levels`.
        func recording(levels: Int) -> String {
            "pad:\n" + (1..<levels - 1).map { String(repeating: " ", count: $0) + "k\($0):\n" }.joined()
                + String(repeating: " ", count: levels - 1) + "last: x\n" + Self.recording(events: events)
        }
        #expect(try Self.imported(recording(levels: 32)).trace.events.count == 2)
        #expect(ImportFixture.error { _ = try Self.imported(recording(levels: 33)) }?.description
                == "fixture.yml:33: mappings and lists nested deeper than 32 levels")
    }

    @Test("an entry of 'events:' of exactly 2 MiB (its lines without indentation) is read; one byte more is refused")
    func eventsEntryAtTheLimitAndOnePast() throws {
        #expect(RecordScanner.entryLimit == 2_097_152)
        /// The entry: "- evdev:" (8 bytes), a tracking id and a y (18 each), a SYN_REPORT (17), and
        /// x events padded with spaces to take the rest.
        func recording(entryBytes bytes: Int) -> String {
            let padded = Self.lines(adding: bytes - 8 - 18 - 18 - 17) { _, length in
                "    - [0, 0, 3, 53, " + String(repeating: " ", count: length - 18) + "1]"
            }
            return Self.recording(events: (["    - [0, 0, 3, 57, 1]"] + padded + ["    - [0, 0, 3, 54, 1]", "    - [0, 0, 0, 0, 0]"]).joined(separator: "\n"))
        }
        let atLimit = try Self.imported(recording(entryBytes: RecordScanner.entryLimit))
        #expect(atLimit.trace.events.map(\.phase) == [.down, .cancel])
        #expect(ImportFixture.error { _ = try Self.imported(recording(entryBytes: RecordScanner.entryLimit + 1)) }?.description
                == "fixture.yml:11: an entry of 'events:' larger than 2 MiB (the limit of one entry)")
    }

    @Test("a recording of exactly 4 MiB outside its events (lines without indentation) is read; one byte more is refused")
    func descriptionAtTheLimitAndOnePast() throws {
        #expect(RecordScanner.skeletonLimit == 4_194_304)
        #expect(Self.descriptionBytes == 140)
        let events = "    - [  0,      0,   3,  57,   1]\n    - [  0,      0,   3,  53,   1]\n    - [  0,      0,   3,  54,   1]\n    - [  0,      0,   0,   0,   0]"
        /// Top-level keys `pN: aaa…` taking what the fixture's own 140 bytes leave of `bytes`.
        func recording(descriptionBytes bytes: Int) -> (text: String, padLines: Int) {
            let pads = Self.lines(adding: bytes - Self.descriptionBytes) { index, length in
                let key = "p\(index): "
                return key + String(repeating: "a", count: length - key.utf8.count)
            }
            return (pads.map { $0 + "\n" }.joined() + Self.recording(events: events), pads.count)
        }
        #expect(try Self.imported(recording(descriptionBytes: RecordScanner.skeletonLimit).text).trace.events.count == 2)
        let past = recording(descriptionBytes: RecordScanner.skeletonLimit + 1)
        // Past the limit at the fixture's 10th line outside the events, its "events:".
        #expect(ImportFixture.error { _ = try Self.imported(past.text) }?.description
                == "fixture.yml:\(past.padLines + 10): the recording outside its devices' 'events:' is larger than 4 MiB (the limit of a description)")
    }

    /// A file is read line by line as it streams in, and gives what its bytes give.
    @Test func aFileReadAsItStreamsGivesWhatItsBytesGive() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("libinput-\(UUID().uuidString).yml").path
        try Self.recording.write(toFile: path, atomically: false, encoding: .utf8)
        defer { unlink(path) }
        let streamed = try LibinputRecordImporter.importFile(path: path, options: ImportFixture.options)
        let whole = try Self.imported(Self.recording)
        #expect(streamed.trace.events == whole.trace.events)
        #expect(streamed.statistics == whole.statistics)
    }
}

import Engine
import Foundation
import Interaction
import Testing
import Traces

/// The real recordings in `../shared/data` (see its README), next to the package root.
enum SharedData {
    /// `<package root>/../shared/data`.
    static let folder = packageRoot.deletingLastPathComponent().appendingPathComponent("shared").appendingPathComponent("data")

    /// True when the folder is there (a fresh clone has no `../shared`).
    static var isAvailable: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The path of `relative` inside the folder.
    static func path(_ relative: String) -> String { folder.appendingPathComponent(relative).path }
}

@Suite("Importing real recordings", .enabled(if: SharedData.isAvailable, "needs ../shared/data next to the package root (absent in a fresh clone)"))
struct ImportRealDataTests {
    let options = ImportOptions(created: "2025-01-01T00:00:00Z", program: "gesture-lab test")

    /// How many of the trace's frames (events sharing a timestamp) leave exactly `count` pointers down.
    static func frames(of events: [PointerEvent], leavingDown count: Int) -> Int {
        var down: Set<Int> = []
        var frames = 0
        for (index, event) in events.enumerated() {
            if event.phase == .down { down.insert(event.pointerID) } else if event.phase.endsContact { down.remove(event.pointerID) }
            let endsFrame = index + 1 == events.count || events[index + 1].timestamp != event.timestamp
            if endsFrame && down.count == count { frames += 1 }
        }
        return frames
    }

    @Test func the3MRecordingImportsAndLoadsBack() throws {
        let path = SharedData.path("evemu/3m.event")
        let imported = try EvemuImporter.importFile(path: path, options: options)
        let statistics = imported.statistics
        #expect(statistics.sourceFrames == 3422)
        #expect(statistics.framesByContactCount[2] == 1314)
        #expect(statistics.contacts == 34)
        #expect(statistics.mostContactsAtOnce == 10)
        #expect(statistics.droppedTrailingEvents == 2)
        #expect(statistics.cancelledAtEnd == 2)
        #expect(statistics.ignoredEvents == ["ABS_X": 2911, "ABS_Y": 2901, "ABS_MT_TOUCH_MINOR": 785, "ABS_MT_ORIENTATION": 221, "BTN_TOUCH": 21])
        #expect(imported.trace.events.count == 10995)
        #expect(Self.frames(of: imported.trace.events, leavingDown: 2) == 1312)
        #expect(imported.trace.header.devices.first?.name == "3M-3M-MicroTouch-USB-controller Virtual Device")
        #expect(imported.trace.header.devices.first?.axes["x"] == 0...32767)
        let reloaded = try ImportFixture.writtenAndReloaded(imported.trace)
        #expect(reloaded == imported.trace)
    }

    @Test func theBcm5974ProtocolARecordingEndsAContactAtEveryLift() throws {
        // The touchpad never sends an empty frame on a lift: zero-size contacts and BTN_TOUCH 0.
        let imported = try EvemuImporter.importFile(path: SharedData.path("evemu/bcm5974.event"), options: options)
        #expect(imported.trace.header.history.first?.contains("multi-touch protocol A") == true)
        #expect(imported.statistics.contacts == 14)
        // No pointer is held down across a pause: its events are never more than 0.1 s apart.
        var last: [Int: Double] = [:]
        var longestGap = 0.0
        for event in imported.trace.events {
            if let previous = last[event.pointerID] { longestGap = max(longestGap, event.timestamp - previous) }
            last[event.pointerID] = event.phase.endsContact ? nil : event.timestamp
        }
        #expect(longestGap < 0.1)
    }

    @Test func theWeTabRecordingImports() throws {
        let imported = try EvemuImporter.importFile(path: SharedData.path("evemu/wetab.event"), options: options)
        #expect(imported.statistics.sourceFrames == 42)
        #expect(imported.statistics.contacts == 11)
        #expect(imported.statistics.mostContactsAtOnce == 1)
        #expect(imported.trace.events.count == 42)
        #expect(try ImportFixture.writtenAndReloaded(imported.trace) == imported.trace)
    }

    /// Every stroke file under `dollar1/`, sorted.
    static func strokeFiles() -> [String] {
        let root = SharedData.path("dollar1")
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".xml") }.sorted()
            .map { (root as NSString).appendingPathComponent($0) }
    }

    @Test func the3MTwoFingerStretchesReplayThroughThePinchControllerAsPinches() throws {
        let imported = try EvemuImporter.importFile(path: SharedData.path("evemu/3m.event"), options: options)
        #expect(TraceValidator.validate(bytes: Array(imported.trace.text.utf8), cutShortIsProblem: true) == [])
        let configuration = try SessionConfiguration(controllers: [.pinch]).resolve()
        let records = HeadlessReplay.run(imported.trace.events, configuration: configuration)
        // Two spans change by more than the 18-point span slop: the ten-finger press ending at
        // 19.7 s, and the two-finger stretch from 24.9 s to the end of the recording.
        #expect(records.map(\.controller) == [.pinch, .pinch])
        #expect(records.map { ReplayReport.rounded($0.beganAt, 6) } == [17.823154, 25.715428])
        #expect(records.map(\.reason) == ["progress 0.2784 <= 0.5", "pointer cancelled"])
        // The two-finger stretch alone, cut out of the recording, is a pinch on its own.
        var crop = TraceTransform()
        crop.timeWindow = 24.8...29.094
        let stretch = HeadlessReplay.run(crop.apply(to: imported.trace).events, configuration: configuration)
        #expect(stretch.count == 1)
        #expect(stretch.first?.controller == .pinch)
    }

    /// Real pen strokes with human speed profiles drive the pan controller.
    @Test func everyDollarOneStrokeImportsAndReplaysThroughThePanController() throws {
        let files = Self.strokeFiles()
        #expect(files.count == 1920)
        let configuration = try SessionConfiguration(controllers: [.pan]).resolve()
        var transitions = 0
        var points = 0
        for file in files {
            let imported = try DollarOneImporter.importFile(path: file, options: options)
            points += imported.statistics.sourceFrames
            let records = HeadlessReplay.run(imported.trace.events, configuration: configuration)
            #expect(records.count <= 1, "one stroke drives at most one transition: \(file)")
            #expect(records.allSatisfy { $0.controller == .pan })
            transitions += records.count
        }
        #expect(points == 157_105)
        // Every stroke travels more than the pan's 18-point slop, so each drives one transition.
        #expect(transitions == 1920)
        let first = try DollarOneImporter.importFile(path: files[0], options: options)
        #expect(try ImportFixture.writtenAndReloaded(first.trace) == first.trace)
    }
}

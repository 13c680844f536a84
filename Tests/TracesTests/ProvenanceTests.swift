import Engine
import Foundation
import Interaction
import Testing
import Traces

/// Where a trace's events came from, written in its header and read back.
@Suite("Provenance")
struct ProvenanceTests {
    static let header = TraceHeader(created: "2026-12-03T08:00:00Z", program: "gesture-lab test", windowSize: Size(width: 800, height: 600),
                                    devices: [.init(kind: .mouse, name: "mouse")], configuration: SessionConfiguration())

    @Test func aRobotsLogSurvivesAWriteAndARead() throws {
        var header = Self.header
        header.provenance = TraceProvenance(kind: .robot, details: [
            ("sender", .string("scripts/xgesture.py")),
            ("sent", .array([.object([("phase", .string("down")), ("x", .number(10)), ("y", .number(20)), ("t", .number(0))])])),
        ])
        let trace = Trace(header: header, events: [
            PointerEvent(pointerID: 0, kind: .mouse, phase: .down, position: Point(x: 10, y: 20), timestamp: 0.1),
            PointerEvent(pointerID: 0, kind: .mouse, phase: .up, position: Point(x: 10, y: 20), timestamp: 0.2),
        ])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("provenance-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try TraceWriter.write(trace, to: path)
        let read = try Trace.load(path: path)
        #expect(read.header.provenance == header.provenance)
        #expect(read.header.provenanceLabel == "robot")
        #expect(JSONWriter.compact(try #require(read.header.provenance).json)
                == #"{"kind":"robot","sender":"scripts/xgesture.py","sent":[{"phase":"down","x":10,"y":20,"t":0}]}"#)
    }

    @Test func anUnknownKindIsRefusedNamingTheKinds() {
        do {
            _ = try TraceProvenance.parse(Array(#"{"kind": "oracle"}"#.utf8), file: "p.json")
            Issue.record("an unknown kind was accepted")
        } catch {
            #expect(error.message == #"p.json: the header's "provenance.kind" must be one of robot, synthetic, device, person"#)
        }
    }

    @Test func aBrokenProvenanceFileIsRefusedAtItsLine() {
        do {
            _ = try TraceProvenance.parse(Array("{\n\"kind\": \"robot\",\n}".utf8), file: "p.json")
            Issue.record("broken JSON was accepted")
        } catch {
            #expect(error.message.hasPrefix("p.json:3: "))
        }
    }

    @Test func withoutAStatementTheHeaderImpliesOne() {
        var header = Self.header
        #expect(header.provenanceLabel == "unstated")
        header.history = ["imported from evemu recording x.event"]
        #expect(header.provenanceLabel == "device")
        header.synthesized = true
        #expect(header.provenanceLabel == "synthetic")
    }

    @Test func synthesizedTracesStateTheirModelAndImportsTheirSource() throws {
        let synthesizer = TraceSynthesizer(eventCount: 10, seed: 7)
        let provenance = try #require(synthesizer.header().provenance)
        #expect(provenance.kind == .synthetic)
        #expect(JSONWriter.compact(provenance.json).contains(#""parameters":{"events":10,"pointers":1,"sample_rate_hz":120,"seed":"7"}"#))
        let stroke = #"<Gesture Name="v" Subject="1" Speed="fast" Number="1"><Point X="10" Y="10" T="1000"/><Point X="40" Y="10" T="1020"/></Gesture>"#
        let imported = try DollarOneImporter.importTrace(bytes: Array(stroke.utf8), file: "v01.xml", options: ImportOptions(created: "", program: "test"))
        #expect(imported.trace.header.provenance == TraceProvenance(kind: .device, details: [
            ("format", .string("dollar1")), ("source", .string("v01.xml")), ("device", .string(imported.trace.header.devices[0].name)),
        ]))
    }
}

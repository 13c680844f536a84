import Engine
import Foundation
import Interaction
import Testing
import Traces

@Suite("Trace format")
struct TraceFormatTests {
    func sampleTrace() -> Trace {
        let header = TraceHeader(created: "2026-11-29T12:00:00Z", program: "gesture-lab test", windowSize: Size(width: 800, height: 600),
                                 devices: [.init(kind: .mouse, name: "test mouse")], configuration: SessionConfiguration(),
                                 expect: .init(outcomes: [.finished], intent: [.finish]), notes: "a drag")
        return Trace(header: header, events: horizontalDrag(distance: 150, hold: 0.01))
    }

    @Test func writesAndReadsBackTheSameTrace() throws {
        let trace = sampleTrace()
        let loaded = try Trace.load(bytes: Array(trace.text.utf8), file: "sample.json")
        #expect(loaded.header == trace.header)
        #expect(loaded.events == trace.events)
        #expect(!loaded.wasCutShort)
    }

    @Test func aTraceWithoutItsClosingBracketLoadsAndSaysItWasCutShort() throws {
        var text = sampleTrace().text
        text.removeLast(3)  // "\n]\n"
        let loaded = try Trace.load(bytes: Array(text.utf8), file: "cut.json")
        #expect(loaded.wasCutShort)
        #expect(loaded.events.count == sampleTrace().events.count)
    }

    @Test func anEventCutInTheMiddleIsDropped() throws {
        let text = sampleTrace().text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let cut = lines.prefix(5).joined(separator: "\n") + "\n{\"t\":0.05,\"id\":0,\"ki"
        let loaded = try Trace.load(bytes: Array(cut.utf8), file: "cut.json")
        #expect(loaded.wasCutShort)
        #expect(loaded.events.count == 3)
    }

    @Test func unknownKeysAreIgnoredAndKeptInTheHeader() throws {
        let text = """
        [{"format":"gesture-lab-trace","version":"1.3","window":{"width":320,"height":240},"future":{"a":1}},
        {"t":0,"id":3,"kind":"touch","phase":"down","x":1,"y":2,"tilt":9},
        {"t":0.5,"id":3,"kind":"touch","phase":"up","x":1,"y":2}]
        """
        let trace = try Trace.load(bytes: Array(text.utf8), file: "future.json")
        #expect(trace.events.count == 2)
        #expect(trace.events[0].pointerID == 3)
        #expect(trace.header.unknownFields.map(\.key) == ["future"])
    }

    @Test func aNewerMajorVersionIsRejectedClearly() {
        let text = "[{\"format\":\"gesture-lab-trace\",\"version\":\"2.0\",\"window\":{\"width\":320,\"height\":240}}]"
        #expect(throws: TraceError(file: "v2.json", line: 1, problem: "trace format version 2.0 is newer than this program reads (1.x); update gesture-lab")) {
            try Trace.load(bytes: Array(text.utf8), file: "v2.json")
        }
    }

    @Test func aBadEventNamesItsIndexAndLine() {
        let text = """
        [{"format":"gesture-lab-trace","version":"1.0","window":{"width":320,"height":240}},
        {"t":0,"id":0,"kind":"mouse","phase":"down","x":1,"y":2},
        {"t":0.1,"id":0,"kind":"mouse","phase":"move","x":"far","y":2}]
        """
        #expect(throws: TraceError(file: "bad.json", line: 3, eventIndex: 1, problem: "\"x\" must be a number, found \"far\"")) {
            try Trace.load(bytes: Array(text.utf8), file: "bad.json")
        }
    }

    @Test func timeGoingBackwardsIsAnError() {
        let text = """
        [{"format":"gesture-lab-trace","version":"1.0","window":{"width":320,"height":240}},
        {"t":0.2,"id":0,"kind":"mouse","phase":"down","x":1,"y":2},
        {"t":0.1,"id":0,"kind":"mouse","phase":"move","x":3,"y":2}]
        """
        #expect(throws: TraceError(file: "back.json", line: 3, eventIndex: 1, problem: "time goes backwards: 0.100000 s after 0.200000 s")) {
            try Trace.load(bytes: Array(text.utf8), file: "back.json")
        }
    }

    @Test func eventsKeepMicrosecondTimes() throws {
        var trace = sampleTrace()
        trace.events[1].timestamp = 0.0123456
        let loaded = try Trace.load(bytes: Array(trace.text.utf8), file: "t.json")
        #expect(loaded.events[1].timestamp == 0.012346)
    }
}

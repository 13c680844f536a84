import Engine
import Foundation
import Interaction
import Testing
import Traces

@Suite("Trace schema and validation")
struct TraceSchemaTests {
    @Test func theDocumentedSchemaIsTheOneTheProgramUses() throws {
        let documented = try String(contentsOf: packageRoot.appendingPathComponent("docs/trace-format.schema.json"), encoding: .utf8)
        #expect(documented == TraceSchema.text + "\n")
    }

    @Test(arguments: CorpusTests.traces)
    func everyRecordingMatchesTheSchema(_ relativePath: String) throws {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("recordings").appendingPathComponent(relativePath))
        let json = try TraceSchema.parseJSON(Array(data))
        #expect(TraceSchema.problems(inTrace: json) == [])
        #expect(TraceValidator.validate(bytes: Array(data), cutShortIsProblem: true) == [])
    }

    @Test func theSchemaRejectsAnEventOfTheWrongShape() throws {
        let json = try TraceSchema.parseJSON(Array("""
        [{"format":"gesture-lab-trace","version":"1.0","window":{"width":800,"height":600}},
         {"t":-1,"id":1.5,"kind":"finger","phase":"down","x":0}]
        """.utf8))
        #expect(TraceSchema.problems(inTrace: json) == [
            "$[1]: missing \"y\"",
            "$[1].t: must be at least 0",
            "$[1].id: must be integer, found a number",
            "$[1].kind: must be one of \"mouse\", \"touch\", \"pen\"",
        ])
    }

    @Test func validationListsEveryProblemWithItsEventIndex() {
        let text = """
        [{"format":"gesture-lab-trace","version":"1.0","window":{"width":800,"height":600}},
        {"t":0,"id":0,"kind":"mouse","phase":"move","x":1,"y":1},
        {"t":0.1,"id":1,"kind":"mouse","phase":"down","x":1,"y":1},
        {"t":0.05,"id":1,"kind":"mouse","phase":"move","x":1,"y":1},
        {"t":0.2,"id":1,"kind":"mouse","phase":"down","x":1,"y":"a"}
        """
        let problems = TraceValidator.validate(bytes: Array(text.utf8), cutShortIsProblem: true).map(\.description)
        #expect(problems == [
            "line 2: event 0: pointer 0 moves without going down first",
            "line 4: event 2: time goes backwards: 0.050000 s after 0.100000 s",
            "line 5: event 3: $.y: must be number, found a string",
            "line 5: the trace is cut short (no closing ']')",
            "pointer 1 never ends with up or cancel",
        ])
    }
}

@Suite("Trace transform")
struct TraceTransformTests {
    func trace(_ events: [PointerEvent]) -> Trace {
        Trace(header: TraceHeader(created: "", program: "test", windowSize: Size(width: 800, height: 600), devices: [],
                                  configuration: SessionConfiguration()), events: events)
    }

    @Test func mirroringHorizontallyReflectsXInTheWindow() {
        var transform = TraceTransform()
        transform.mirrorHorizontally = true
        let result = transform.apply(to: trace(horizontalDrag(startX: 100, distance: 50, steps: 2)))
        #expect(result.events.map(\.position.x) == [700, 675, 650, 650])
        #expect(result.header.history == ["transform: mirror horizontally"])
    }

    @Test func scalingTimeStretchesEveryTimestamp() {
        var transform = TraceTransform()
        transform.timeScale = 2
        let result = transform.apply(to: trace(horizontalDrag(distance: 50, steps: 2, interval: 0.01, hold: 0.005)))
        #expect(result.events.map(\.timestamp) == [0, 0.02, 0.04, 0.05])
    }

    @Test func quantisingRoundsToWholeMilliseconds() {
        var transform = TraceTransform()
        transform.quantizeToMilliseconds = true
        let result = transform.apply(to: trace(horizontalDrag(distance: 50, steps: 3, interval: 0.0166667)))
        #expect(result.events.map(\.timestamp) == [0, 0.017, 0.033, 0.05, 0.05])
    }

    @Test func resamplingInterpolatesMovesAtTheNewRate() {
        var transform = TraceTransform()
        transform.resampleRate = 100
        let result = transform.apply(to: trace(horizontalDrag(startX: 0, distance: 40, steps: 2, interval: 0.02)))
        // down at 0 (x 0), moves every 10 ms interpolated between (0.02, 20) and (0.04, 40), up at 0.04.
        #expect(result.events.map(\.phase) == [.down, .move, .move, .move, .up])
        #expect(result.events.map(\.timestamp) == [0, 0.01, 0.02, 0.03, 0.04])
        #expect(result.events.map(\.position.x) == [0, 10, 20, 30, 40])
    }

    @Test func jitterIsTheSameForTheSameSeed() {
        var transform = TraceTransform()
        transform.positionJitter = 2
        transform.seed = 42
        let original = trace(horizontalDrag(distance: 100))
        let first = transform.apply(to: original)
        #expect(first == transform.apply(to: original))
        #expect(first.events.map(\.position) != TraceTransform().apply(to: original).events.map(\.position))
        transform.seed = 43
        #expect(transform.apply(to: original).events.map(\.position) != first.events.map(\.position))
    }
}

@Suite("Trace diff and export")
struct TraceDiffExportTests {
    @Test func diffNamesTheFirstDifferentEvent() {
        let header = TraceHeader(created: "", program: "", windowSize: Size(width: 800, height: 600), devices: [], configuration: SessionConfiguration())
        let left = Trace(header: header, events: horizontalDrag(distance: 100))
        var right = left
        right.events[3].position.x += 1
        #expect(TraceDiff.firstDifference(left, right)
            == "event 3 differs: {\"t\":0.048000,\"id\":0,\"kind\":\"mouse\",\"phase\":\"move\",\"x\":115,\"y\":300} vs {\"t\":0.048000,\"id\":0,\"kind\":\"mouse\",\"phase\":\"move\",\"x\":116,\"y\":300}")
        #expect(TraceDiff.firstDifference(left, left) == nil)
    }

    @Test func diffOfReplaysUnderTwoPoliciesNamesTheFirstDifferentField() throws {
        let events = horizontalDrag(distance: 60, hold: 0.2)
        let under25 = try replay(events, policy: "mdtransitioning")
        let under50 = try replay(events, policy: "vctransitions")
        #expect(TraceDiff.firstDifference(under25, under50) == "transition 0: policy \"mdtransitioning\" vs \"vctransitions\"")
    }

    @Test func csvHasOneLinePerEvent() {
        let csv = TraceExport.csv(Array(horizontalDrag(distance: 10, steps: 1).prefix(2)))
        #expect(csv == "t,id,kind,phase,x,y,pressure,size\n0.000000,0,mouse,down,100,300,,\n0.016000,0,mouse,move,110,300,,\n")
    }

    @Test func chromeTraceHasTheGestureTheDecisionAndTheCompletion() throws {
        let configuration = try SessionConfiguration().resolve()
        let json = TraceExport.chromeTrace(horizontalDrag(distance: 150, hold: 0.01), configuration: configuration, name: "t")
        let names = json["traceEvents"]?.array?.compactMap { $0["name"]?.string } ?? []
        #expect(names.contains("gesture: swipe"))
        #expect(names.contains("decision: finish"))
        #expect(names.contains("completion: finished"))
        #expect(names.filter { $0 == "down" }.count == 1)
    }
}

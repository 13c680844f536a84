import Engine
import Foundation
import Interaction
import Testing
import Traces

@Suite("Trace format 1.2: predicted samples")
struct PredictedSampleTests {
    static let header = """
    [{"format":"gesture-lab-trace","version":"1.2","window":{"width":800,"height":600}},
    """

    /// A released drag whose moves carry predictions far behind them: taken as real samples,
    /// they would reverse the release velocity.
    func tracePredictingBackwards() -> Trace {
        let events = horizontalDrag(distance: 150, hold: 0, kind: .touch)
        var predictions: [Int: [PredictedSample]] = [:]
        for (index, event) in events.enumerated() where event.phase == .move {
            predictions[index] = [PredictedSample(timestamp: microseconds(event.timestamp + 0.008), position: Point(x: 10, y: 300)),
                                  PredictedSample(timestamp: microseconds(event.timestamp + 0.016), position: Point(x: 0.5, y: 299.25))]
        }
        let header = TraceHeader(created: "2026-12-01T21:00:00Z", program: "gesture-lab test", windowSize: Size(width: 800, height: 600),
                                 devices: [.init(kind: .touch, name: "browser")], configuration: SessionConfiguration())
        return Trace(header: header, events: events, predictions: predictions)
    }

    @Test func aNewTraceIsVersionOnePointFour() {
        #expect(tracePredictingBackwards().header.version == "1.4")
        #expect(TraceHeader.minorVersion == 4)
    }

    @Test func predictionsAreWrittenInTheirOwnKeyAfterTheEvent() {
        let lines = tracePredictingBackwards().text.split(separator: "\n")
        #expect(lines[3] == #"{"t":0.016000,"id":0,"kind":"touch","phase":"move","x":107.5,"y":300,"predicted":[{"t":0.024000,"x":10,"y":300},{"t":0.032000,"x":0.5,"y":299.25}]},"#)
        #expect(lines[2] == #"{"t":0.000000,"id":0,"kind":"touch","phase":"down","x":100,"y":300},"#)
    }

    @Test func predictionsReadBackByEventIndexApartFromTheEvents() throws {
        let trace = tracePredictingBackwards()
        let loaded = try Trace.load(bytes: Array(trace.text.utf8), file: "p.json")
        #expect(loaded.events == trace.events)
        #expect(loaded.predictions == trace.predictions)
        #expect(loaded.predictions.count == 20)
        #expect(loaded.predictions[0] == nil)
        #expect(loaded.events.count == 22)
    }

    @Test func predictionsSurviveEveryChunkSize() throws {
        let trace = tracePredictingBackwards()
        for chunkSize in [1, 7, 64, 4096] {
            let loaded = try Trace.load(bytes: Array(trace.text.utf8), chunkSize: chunkSize, file: "p.json")
            #expect(loaded.predictions == trace.predictions)
            #expect(loaded.events == trace.events)
        }
    }

    @Test func theWriterWritesThemToAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("predicted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("p.json").path
        let trace = tracePredictingBackwards()
        try TraceWriter.write(trace, to: path)
        #expect(try Trace.load(path: path) == trace)
        #expect(TraceValidator.validate(path: path, cutShortIsProblem: true) == [])
    }

    @Test func theStreamingReaderGivesEachEventsPredictions() throws {
        let trace = tracePredictingBackwards()
        let reader = try TraceReader(bytes: Array(trace.text.utf8), file: "p.json")
        var index = 0
        while try reader.next() != nil {
            #expect(reader.predicted == trace.predictions[index] ?? [])
            index += 1
        }
        #expect(index == 22)
    }

    @Test func replayNeverSeesPredictions() throws {
        let trace = tracePredictingBackwards()
        let configuration = try SessionConfiguration().resolve()
        let withoutPredictions = HeadlessReplay.run(trace.events, configuration: configuration)
        let streamed = try HeadlessReplay.run(TraceReader(bytes: Array(trace.text.utf8), file: "p.json"), configuration: configuration)
        #expect(withoutPredictions.count == 1)
        #expect(withoutPredictions.first?.outcome == .finished)
        #expect(streamed == withoutPredictions)
        // Taken as real samples, the predictions would decide otherwise: the test can fail.
        var asEvents: [PointerEvent] = []
        for (index, event) in trace.events.enumerated() {
            asEvents.append(event)
            for sample in trace.predictions[index] ?? [] {
                asEvents.append(PointerEvent(pointerID: event.pointerID, kind: event.kind, phase: .move, position: sample.position,
                                             timestamp: sample.timestamp))
            }
        }
        asEvents.sort { $0.timestamp < $1.timestamp }
        #expect(HeadlessReplay.run(asEvents, configuration: configuration) != withoutPredictions)
    }

    @Test func olderVersionsStillRead() throws {
        for version in ["1.0", "1.1"] {
            let text = """
            [{"format":"gesture-lab-trace","version":"\(version)","window":{"width":320,"height":240}},
            {"t":0,"id":1,"kind":"touch","phase":"down","x":1,"y":2},
            {"t":0.5,"id":1,"kind":"touch","phase":"up","x":1,"y":2}]
            """
            let trace = try Trace.load(bytes: Array(text.utf8), file: "old.json")
            #expect(trace.header.version == version)
            #expect(trace.events.count == 2)
            #expect(trace.predictions.isEmpty)
        }
    }

    @Test(arguments: [
        (#""predicted":5"#, #""predicted" must be an array of {"t", "x", "y"} objects, found a number"#),
        (#""predicted":[1]"#, #""predicted"[0] must be an object with "t", "x" and "y", found a number"#),
        (#""predicted":[{"t":0.1,"x":1}]"#, #""predicted"[0]: missing "y""#),
        (#""predicted":[{"t":0.1,"x":1,"y":2},{"t":-1,"x":1,"y":2}]"#, #""predicted"[1]: "t" -1 s is out of range (0…604800 s from the trace's start)"#),
        (#""predicted":[{"t":0.1,"x":2000000,"y":2}]"#, #""predicted"[0]: "x" 2000000.0 is out of range (|x| <= 1000000 points)"#),
        (#""predicted":[{"t":0.1,"x":"a","y":2}]"#, #""predicted"[0]: "x" must be a number, found "a""#),
    ])
    func aBadPredictionNamesItsEventAndLine(field: String, problem: String) {
        let text = Self.header + """

        {"t":0,"id":1,"kind":"touch","phase":"down","x":1,"y":2},
        {"t":0.1,"id":1,"kind":"touch","phase":"move","x":3,"y":2,\(field)},
        {"t":0.2,"id":1,"kind":"touch","phase":"up","x":3,"y":2}]
        """
        #expect(throws: TraceError(file: "bad.json", line: 3, eventIndex: 1, problem: problem)) {
            try Trace.load(bytes: Array(text.utf8), file: "bad.json")
        }
    }

    @Test func moreThanTheLimitOfPredictionsIsRefused() {
        let limit = TraceLimits.predictedSamplesPerEvent
        func text(_ count: Int) -> String {
            let samples = (0..<count).map { _ in #"{"t":0.1,"x":1,"y":2}"# }.joined(separator: ",")
            return Self.header + "\n" + #"{"t":0,"id":1,"kind":"touch","phase":"down","x":1,"y":2,"predicted":["# + samples + "]}]"
        }
        #expect(limit == 64)
        #expect((try? Trace.load(bytes: Array(text(limit).utf8), file: "ok.json"))?.predictions[0]?.count == limit)
        #expect(throws: TraceError(file: "many.json", line: 2, eventIndex: 0, problem: "\"predicted\" holds 65 samples; at most 64 are read")) {
            try Trace.load(bytes: Array(text(limit + 1).utf8), file: "many.json")
        }
    }

    @Test func validateChecksPredictionsAgainstTheSchema() {
        let good = Self.header + """

        {"t":0,"id":1,"kind":"touch","phase":"down","x":1,"y":2,"predicted":[{"t":0.01,"x":2,"y":2}]},
        {"t":0.2,"id":1,"kind":"touch","phase":"up","x":3,"y":2}]
        """
        #expect(TraceValidator.validate(bytes: Array(good.utf8), cutShortIsProblem: true) == [])
        let bad = Self.header + """

        {"t":0,"id":1,"kind":"touch","phase":"down","x":1,"y":2},
        {"t":0.1,"id":1,"kind":"touch","phase":"move","x":2,"y":2,"predicted":[{"t":0.11,"x":2}]},
        {"t":0.2,"id":1,"kind":"touch","phase":"up","x":3,"y":2}]
        """
        #expect(TraceValidator.validate(bytes: Array(bad.utf8)).map(\.description) == ["line 3: event 1: $.predicted[0]: missing \"y\""])
    }
}

import Engine
import Interaction
import Testing
import Traces

/// A streamed batch of events: the trace format's event shape in a JSON array.
@Suite("Event batch")
struct EventBatchTests {
    func parse(_ text: String) -> Result<[PointerEvent], TraceError> {
        Result { () throws(TraceError) in try EventBatch.parse(Array(text.utf8), file: "batch") }
    }

    @Test("events in order, with optional pressure and size, unknown keys ignored")
    func good() {
        let text = #"[{"t":1.5,"id":3,"kind":"touch","phase":"down","x":10.25,"y":20,"pressure":0.5,"size":9,"extra":true},{"t":1.6,"id":3,"kind":"pen","phase":"up","x":11,"y":21}]"#
        #expect(parse(text) == .success([
            PointerEvent(pointerID: 3, kind: .touch, phase: .down, position: Point(x: 10.25, y: 20), timestamp: 1.5, pressure: 0.5, contactSize: 9),
            PointerEvent(pointerID: 3, kind: .pen, phase: .up, position: Point(x: 11, y: 21), timestamp: 1.6),
        ]))
        #expect(parse(" [ ] ") == .success([]))
    }

    @Test("not an array, trailing bytes, a bad event or too many events: a message naming the place")
    func bad() {
        #expect(parse("{}") == .failure(TraceError(file: "batch", problem: "a batch must be a JSON array of events, found an object")))
        #expect(parse("[]\n]") == .failure(TraceError(file: "batch", line: 2, problem: "unexpected ']' after the batch")))
        #expect(parse(#"[{"t":-1,"id":0,"kind":"touch","phase":"down","x":0,"y":0}]"#)
                == .failure(TraceError(file: "batch", eventIndex: 0, problem: "\"t\" -1 s is out of range (0…604800 s from the trace's start)")))
        let event = #"{"t":0,"id":0,"kind":"touch","phase":"move","x":0,"y":0}"#
        let tooMany = "[" + Array(repeating: event, count: EventBatch.maximumEvents + 1).joined(separator: ",") + "]"
        #expect(parse(tooMany) == .failure(TraceError(file: "batch", problem: "4097 events is more than the limit of 4096 for one batch")))
        if case .failure = parse("[" + event) {} else { Issue.record("a batch cut short must fail") }
    }

    @Test("4096 events are read; 4097 are refused")
    func eventCountAtTheLimitAndOnePast() {
        #expect(EventBatch.maximumEvents == 4096)
        let event = #"{"t":0,"id":0,"kind":"touch","phase":"move","x":0,"y":0}"#
        let atLimit = parse("[" + Array(repeating: event, count: 4096).joined(separator: ",") + "]")
        #expect((try? atLimit.get())?.count == 4096)
        #expect(parse("[" + Array(repeating: event, count: 4097).joined(separator: ",") + "]")
                == .failure(TraceError(file: "batch", problem: "4097 events is more than the limit of 4096 for one batch")))
    }

    @Test("a batch of exactly 1 MiB of JSON from its '[' to its ']' is read; one byte more is refused")
    func sizeAtTheLimitAndOnePast() {
        #expect(EventBatch.maximumBytes == 1_048_576)
        let event = #"{"t":0,"id":0,"kind":"touch","phase":"down","x":0,"y":0}"#
        func batch(bytes: Int) -> String {
            // White space before the batch is not part of it.
            "\n  [" + event + String(repeating: " ", count: bytes - event.utf8.count - 2) + "]\n"
        }
        #expect((try? parse(batch(bytes: EventBatch.maximumBytes)).get())?.count == 1)
        #expect(parse(batch(bytes: EventBatch.maximumBytes + 1))
                == .failure(TraceError(file: "batch", line: 2, problem: "the batch is larger than 1 MiB (the limit of one batch)")))
    }
}

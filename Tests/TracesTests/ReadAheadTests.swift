import Engine
import Foundation
@testable import Interaction
import Testing
@testable import Traces

/// Reading events many at a time (the fast path that decodes ahead of `next()`, and
/// `nextEvents(into:)`) gives exactly the events, predictions, errors and ending that reading
/// each event alone gives, whatever the trace holds and wherever the chunks of the file end.
@Suite("Reading events ahead")
struct ReadAheadTests {
    static let header = #"{"format":"gesture-lab-trace","version":"1.2","window":{"width":800,"height":600}}"#

    /// All a reader tells about a trace it read to the end or to its first problem.
    struct Outcome: Equatable {
        var events: [PointerEvent] = []
        /// The predictions after each event, as `predicted` held them then (`next()` only).
        var predicted: [[PredictedSample]] = []
        var error: TraceError?
        var wasCutShort = false
        var eventCount = 0
        var pointersStillDown: Set<Int> = []
    }

    enum Way: CustomStringConvertible {
        case alone, ahead, batches

        var description: String {
            switch self {
            case .alone: "one at a time"
            case .ahead: "next() reading ahead"
            case .batches: "nextEvents(into:)"
            }
        }
    }

    static func read(_ bytes: [UInt8], chunkSize: Int?, way: Way) -> Outcome {
        var outcome = Outcome()
        let source = chunkSize.map { ByteSource(bytes: bytes, chunkSize: $0) } ?? ByteSource(bytes: bytes)
        let reader: TraceReader
        do {
            reader = try TraceReader(source: source, file: "t.json", readsAhead: way != .alone)
        } catch {
            outcome.error = error
            return outcome
        }
        do {
            switch way {
            case .alone, .ahead:
                while let event = try reader.next() {
                    outcome.events.append(event)
                    outcome.predicted.append(reader.predicted)
                }
            case .batches:
                var batch: [PointerEvent] = []
                while true {
                    try reader.nextEvents(into: &batch)
                    if batch.isEmpty { break }
                    #expect(batch.count <= TraceReader.batchLimit)
                    outcome.events += batch
                }
            }
        } catch {
            outcome.error = error
        }
        if way == .batches { outcome.predicted = [] }
        outcome.wasCutShort = reader.wasCutShort
        outcome.eventCount = reader.eventCount
        outcome.pointersStillDown = reader.pointersStillDown
        return outcome
    }

    /// One event's line: mostly as the writer writes it, sometimes in any of the other ways
    /// JSON allows or with something wrong, so that every branch of both paths is taken.
    static func eventText(_ generator: inout SplitMix64, time: Double, id: Int, phase: String, spoilt: Bool) -> String {
        let kind = ["touch", "mouse", "pen"][Int(generator.next() % 3)]
        let x = DecimalFormat.fixedString(generator.nextDouble(in: -50...900), decimals: Int(generator.next() % 4))
        let y = DecimalFormat.fixedString(generator.nextDouble(in: 0...700), decimals: 3)
        let t = DecimalFormat.fixedString(time, decimals: 6)
        var fields = [#""t":\#(t)"#, #""id":\#(id)"#, #""kind":"\#(kind)""#, #""phase":"\#(phase)""#, #""x":\#(x)"#, #""y":\#(y)"#]
        if generator.next() % 4 == 0 { fields.append(#""pressure":0.\#(generator.next() % 10000)"#) }
        if generator.next() % 4 == 0 { fields.append(#""size":\#(generator.next() % 40).5"#) }
        let variant = generator.next() % 40
        // Variants 7…17 are problems; a trace that is not spoilt has none.
        switch spoilt || !(7...17).contains(variant) ? variant : 99 {
        case 0: fields.swapAt(0, 4)
        case 1: fields.append(#""predicted":[{"t":\#(t),"x":1,"y":2}]"#)
        case 2: fields.append(#""note":"hi""#)
        case 3: fields[2] = #""kind":"to\u0075ch""#
        case 4: fields[0] = #""t":1e-3"#
        case 5: fields[4] = #""x":1234.56789012345678"#
        case 6: fields.append(#""t":99"#)
        case 7: fields[1] = #""id":-1"#
        case 8: fields[4] = #""x":2000000"#
        case 9: fields[3] = #""phase":"hover""#
        case 10: fields.remove(at: 5)
        case 11: fields.append(#""pressure":2"#)
        case 12: fields.append(#""size":null"#)
        case 13: fields[0] = #""t":700000"#
        case 14: fields[1] = #""id":1.5"#
        case 15: fields[5] = #""y" : 7 "#
        case 16: fields[4] = #""x":01"#
        case 17: fields[4] = #""x":"1""#
        case 18: fields[1] = "\"id\"\n:\(id)"
        case 19: fields.append(#""pressure":0.5,"pressure":3"#)
        default: break
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A trace of `count` events over `pointers` pointers (mostly valid: downs, moves, ups in
    /// order), laid out in lines, one line or a mixture, sometimes closed, cut or spoilt.
    static func randomTrace(seed: UInt64, count: Int) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        // Half the traces have problems; the others are valid JSON in every layout.
        let spoilt = seed % 2 == 0
        var text = "[" + header
        var down: [Int] = []
        var time = 0.0
        for _ in 0..<count {
            time += Double(generator.next() % 20) / 1000
            var phase = "move"
            var id = down.randomElement(using: &generator) ?? 0
            if down.isEmpty || (down.count < 3 && generator.next() % 8 == 0) {
                id = (0..<5).first { !down.contains($0) } ?? 0
                phase = "down"
                down.append(id)
            } else if generator.next() % 10 == 0 {
                phase = generator.next() % 5 == 0 ? "cancel" : "up"
                down.removeAll { $0 == id }
            }
            // A rare sequence problem: time backwards, or a pointer that never went down.
            switch spoilt ? generator.next() % 300 : 300 {
            case 0: time -= 1
            case 1: id = 9
            default: break
            }
            let separator = [",\n", ",\n", ",\n", ",", ", ", ",\r\n", "\n,", ",\n\n  ", "\t,\t"][Int(generator.next() % 9)]
            text += separator + eventText(&generator, time: max(time, 0), id: id, phase: phase, spoilt: spoilt)
        }
        switch generator.next() % 6 {
        case 0: text += "\n]\n"
        case 1: text += "]"
        case 2: text += spoilt ? "\n] x" : "]\n"
        case 3: text += ",\n"
        default: break
        }
        var bytes = Array(text.utf8)
        switch spoilt ? generator.next() % 6 : 6 {
        case 0: bytes.removeLast(Int(generator.next() % UInt64(max(bytes.count / 3, 1))))
        case 1: bytes.insert(UInt8(ascii: "?"), at: bytes.count / 2 + Int(generator.next() % UInt64(bytes.count / 2)))
        default: break
        }
        return bytes
    }

    @Test func readingAheadGivesWhatReadingEachEventAloneGives() {
        for seed in UInt64(0)..<120 {
            let bytes = Self.randomTrace(seed: seed, count: 50 + Int(seed % 7) * 40)
            let reference = Self.read(bytes, chunkSize: nil, way: .alone)
            for chunkSize in [nil, 1, 2, 7, 61, 256, 4096] {
                for way in [Way.alone, .ahead, .batches] {
                    var expected = reference
                    if way == .batches { expected.predicted = [] }
                    let outcome = Self.read(bytes, chunkSize: chunkSize, way: way)
                    #expect(outcome == expected, "seed \(seed), chunk size \(chunkSize.map(String.init) ?? "whole"), \(way)")
                }
            }
        }
    }

    @Test func theGeneratedTracesTakeEveryEnding() {
        var endings: Set<String> = []
        for seed in UInt64(0)..<120 {
            let outcome = Self.read(Self.randomTrace(seed: seed, count: 50 + Int(seed % 7) * 40), chunkSize: nil, way: .alone)
            if outcome.error != nil { endings.insert("error") } else if outcome.wasCutShort { endings.insert("cut short") } else { endings.insert("closed") }
            if !outcome.predicted.allSatisfy(\.isEmpty) { endings.insert("predictions") }
        }
        #expect(endings == ["error", "cut short", "closed", "predictions"])
    }

    /// A trace as the writer writes it is read ahead: one call gives every event in memory.
    @Test func aWrittenTraceIsReadInOneBatch() throws {
        var text = "[" + Self.header
        for index in 0..<100 {
            let phase = index == 0 ? "down" : index == 99 ? "up" : "move"
            text += ",\n" + #"{"t":\#(Double(index) / 100),"id":3,"kind":"touch","phase":"\#(phase)","x":\#(index).25,"y":-2.5,"pressure":0.5}"#
        }
        text += "\n]\n"
        let reader = try TraceReader(source: ByteSource(bytes: Array(text.utf8)), file: "t.json")
        var batch: [PointerEvent] = []
        try reader.nextEvents(into: &batch)
        #expect(batch.count == 100)
        #expect(batch[1] == PointerEvent(pointerID: 3, kind: .touch, phase: .move, position: Point(x: 1.25, y: -2.5), timestamp: 0.01, pressure: 0.5))
        #expect(reader.eventCount == 100)
        try reader.nextEvents(into: &batch)
        #expect(batch.isEmpty)
        #expect(!reader.wasCutShort)
    }

    /// A problem in the middle of a batch is thrown after the events before it, naming its
    /// line and index as reading alone does.
    @Test func aProblemAfterGoodEventsComesAfterThem() throws {
        var text = "[" + Self.header
        for index in 0..<10 { text += ",\n" + #"{"t":\#(index),"id":0,"kind":"pen","phase":"\#(index == 0 ? "down" : "move")","x":1,"y":1}"# }
        text += ",\n" + #"{"t":3,"id":0,"kind":"pen","phase":"move","x":1,"y":1}"# + "\n]"
        let reader = try TraceReader(source: ByteSource(bytes: Array(text.utf8)), file: "t.json")
        var batch: [PointerEvent] = []
        try reader.nextEvents(into: &batch)
        #expect(batch.count == 10)
        #expect(throws: TraceError(file: "t.json", line: 12, eventIndex: 10, problem: "time goes backwards: 3.000000 s after 9.000000 s")) {
            try reader.nextEvents(into: &batch)
        }
    }
}

/// The fast path's numbers are the correctly rounded values of what is written, read eight
/// digits at a time or byte by byte, wherever the bytes end.
@Suite("Fast number reading")
struct FastNumberTests {
    static func scan(_ text: String, then tail: String) -> (value: Double, end: Int)? {
        let bytes = Array((text + tail).utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var position = 0
            return FastEventScanner.scanNumber(buffer, &position).map { ($0, position) }
        }
    }

    @Test func plainNumbersReadAsSwiftReadsThem() {
        var generator = SplitMix64(seed: 18)
        for _ in 0..<20_000 {
            let digitCount = 1 + Int(generator.next() % 15)
            var digits = (0..<digitCount).map { _ in String(generator.next() % 10) }.joined()
            let point = Int(generator.next() % UInt64(digitCount + 1))
            var integer = String(digits.prefix(point == 0 ? digitCount : point))
            while integer.count > 1, integer.hasPrefix("0") { integer.removeFirst() }
            digits = point == 0 || point == digitCount ? integer : integer + "." + digits.dropFirst(point)
            let text = (generator.next() % 3 == 0 ? "-" : "") + digits
            let tail = [",", "}", "", ",\"y\":12345678", "          "][Int(generator.next() % 5)]
            let scanned = Self.scan(text, then: tail)
            #expect(scanned?.value == Double(text), "\(text)")
            #expect(scanned?.end == text.utf8.count, "\(text)")
        }
    }

    @Test func whatTheGeneralParserMustReadIsLeft() {
        for text in ["1234567890123456", "12345678.12345678", "0.1234567890123456", "01", "-", "1.", ".5", "-01.5", "1e5", "2.5E1", "x"] {
            #expect(Self.scan(text, then: ",") == nil, "\(text)")
        }
        #expect(Self.scan("123456789012345", then: "")?.value == 123456789012345)
        #expect(Self.scan("0.00000001", then: "}")?.value == 0.00000001)
        #expect(Self.scan("-0", then: "")?.value == 0)
    }
}

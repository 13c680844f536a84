import Engine
import Foundation
import Interaction
import Traces

/// The sections of `gesture-lab bench`, each returning its figures.
enum BenchSections {
    static func run(_ section: String, context: BenchContext) throws -> [BenchFigure] {
        switch section {
        case "replay": return try replay(context)
        case "loading": return try loading(context)
        case "velocity": return try velocity(context)
        case "rendering": return try rendering(context)
        case "latency": return try latency(context)
        case "recorder": return try recorder(context)
        case "check": return try check(context)
        case "startup": return try startup(context)
        default: return []
        }
    }

    /// Headless replay throughput: events through the whole path, streamed from the file.
    static func replay(_ context: BenchContext) throws -> [BenchFigure] {
        let events = context.size(1_000_000, quick: 100_000)
        let path = try context.syntheticTrace(events: events, pointers: 4)
        let trace = try Trace.load(path: path)
        let configuration = try SessionConfiguration(controllers: ["swipe"]).resolve()
        var traceSeconds = 0.0
        let inMemory = Measurement.time(runs: context.runs) {
            let records = HeadlessReplay.run(trace.events, configuration: configuration)
            traceSeconds = max(records.last?.endedAt ?? 0, trace.events.last?.timestamp ?? 0)
        }
        var figure = BenchFigure.from(inMemory, section: "replay", name: "replay of \(trace.events.count) events (4 pointers), in memory",
                                      unit: "events/s", perRun: { Double(trace.events.count) / $0 })
        figure.target = ("≥ 5M events/s on one core", figure.median >= 5_000_000)
        figure.note = "\(BenchFigure.format(traceSeconds / inMemory.median))× real time"
        let streamed = try Measurement.time(runs: context.runs) {
            _ = try HeadlessReplay.run(TraceReader(path: path), configuration: configuration)
        }
        var streamedFigure = BenchFigure.from(streamed, section: "replay", name: "load and replay, streamed from the file",
                                              unit: "events/s", perRun: { Double(trace.events.count) / $0 })
        streamedFigure.note = "\(BenchFigure.format(traceSeconds / streamed.median))× real time"
        return [figure, streamedFigure]
    }

    /// Trace loading in MB/s against python3's json.load of the same file.
    static func loading(_ context: BenchContext) throws -> [BenchFigure] {
        let events = context.size(640_000, quick: 64_000)
        let path = try context.syntheticTrace(events: events, pointers: 4)
        let bytes = Double((try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0)
        let megabytes = bytes / 1_000_000
        let ours = try Measurement.time(runs: context.runs) {
            let reader = try TraceReader(path: path)
            while try reader.next() != nil {}
        }
        var figure = BenchFigure.from(ours, section: "loading", name: "read a \(DecimalFormat.fixedString(megabytes, decimals: 1)) MB trace (streaming)",
                                      unit: "MB/s", perRun: { megabytes / $0 })
        if let python = try? Measurement.time(runs: context.runs, warmups: 1, { try runProcess("/usr/bin/env", ["python3", "-c", "import json,sys; json.load(open(sys.argv[1]))", path]) }) {
            let ratio = python.median / ours.median
            figure.reference = ("python3 json.load (\(BenchFigure.format(megabytes / python.median)) MB/s)", ratio)
            figure.target = ("ratio ≥ 1", ratio >= 1)
        } else {
            figure.note = "python3 not available: no reference"
        }
        return [figure]
    }

    /// Runs a program to completion, throwing if it fails.
    static func runProcess(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw InputError(description: "\(executable) \(arguments.first ?? "") failed") }
    }
}

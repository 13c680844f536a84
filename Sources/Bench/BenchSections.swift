import Engine
import FoundationEssentials
import Glibc
import Interaction
import Lab
import Plumbing
import Traces

/// The sections of `gesture-lab bench`, each returning its figures: what the command line's
/// `bench` runs through ``BenchRunner``.
package struct BenchSections: BenchRunner {
    /// The bench's sections as measured in this program, with its window and renderer.
    package init() {}

    package func run(_ section: BenchSection, context: BenchContext) throws -> [BenchFigure] {
        switch section {
        case .replay: return try Self.replay(context)
        case .loading: return try Self.loading(context)
        case .velocity: return try Self.velocity(context)
        case .rendering: return try Self.rendering(context)
        case .latency: return try Self.latency(context)
        case .recorder: return try Self.recorder(context)
        case .check: return try Self.check(context)
        case .startup: return try Self.startup(context)
        }
    }

    /// Headless replay throughput: events through the whole path, in memory on one thread, and
    /// streamed from the file (read on a second thread, as `replay --headless` does).
    static func replay(_ context: BenchContext) throws -> [BenchFigure] {
        let events = context.size(1_000_000, quick: 100_000)
        let path = try context.syntheticTrace(events: events, pointers: 4)
        let trace = try Trace.load(path: path)
        let configuration = try SessionConfiguration(controllers: [.swipe]).resolve()
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
        streamedFigure.note = "\(BenchFigure.format(traceSeconds / streamed.median))× real time; two threads: one reads, one replays"
        streamedFigure.target = ("≥ 3M events/s", streamedFigure.median >= 3_000_000)
        return [figure, streamedFigure]
    }

    /// Where `make bench` puts a Python with orjson and pysimdjson (scripts/bench-venv.sh).
    static let benchPython = ".build/bench-venv/bin/python3"
    /// The script that times Python's parsers inside its own process.
    static let peersScript = "scripts/bench-json-peers.py"

    /// Trace loading in MB/s, and beside it Python's json, orjson and simdjson parsing the same
    /// file, each timed inside its own process (read the bytes, parse them) over the same runs.
    static func loading(_ context: BenchContext) throws -> [BenchFigure] {
        let events = context.size(640_000, quick: 64_000)
        let path = try context.syntheticTrace(events: events, pointers: 4)
        let bytes = Double(PathName.fileSize(path) ?? 0)
        let megabytes = bytes / 1_000_000
        let ours = try Measurement.time(runs: context.runs) {
            let reader = try TraceReader(path: path)
            while try reader.next() != nil {}
        }
        var figure = BenchFigure.from(ours, section: "loading", name: "read a \(DecimalFormat.fixedString(megabytes, decimals: 1)) MB trace (streaming, in-process)",
                                      unit: "MB/s", perRun: { megabytes / $0 })
        var figures = [figure]
        let python = FileManager.default.isExecutableFile(atPath: benchPython) ? benchPython : "/usr/bin/python3"
        guard FileManager.default.fileExists(atPath: peersScript), FileManager.default.isExecutableFile(atPath: python) else {
            figures[0].note = "no reference: \(peersScript) or \(python) missing (run from the repository root)"
            return figures
        }
        let outcome = try ChildProcess.run(python, [peersScript, path, String(context.runs)])
        let report = try? TraceSchema.parseJSON(Array(outcome.output.utf8))
        guard let parsers = report?["parsers"]?.members else {
            figures[0].note = "no reference: \(python) \(peersScript) reported nothing"
            return figures
        }
        let version = report?["python"]?.string ?? "?"
        for (name, value) in parsers {
            let samples = value.array?.compactMap(\.number) ?? []
            guard !samples.isEmpty else { continue }
            let peer = Measurement(samples: samples)
            var peerFigure = BenchFigure.from(peer, section: "loading", name: "Python \(version) \(name), same file (in-process)",
                                              unit: "MB/s", perRun: { megabytes / $0 })
            peerFigure.note = "gesture-lab's reader is ×\(DecimalFormat.fixedString(peer.median / ours.median, decimals: 2)) this speed"
            figures.append(peerFigure)
            if name == "simdjson" {
                figure.reference = ("simdjson (\(BenchFigure.format(megabytes / peer.median)) MB/s)", peer.median / ours.median)
                figure.target = ("at least as fast as simdjson", peer.median >= ours.median)
            }
        }
        let skipped = (report?["skipped"]?.members ?? []).map(\.key)
        if !skipped.isEmpty {
            figure.note = "skipped \(skipped.joined(separator: ", ")): not installed in \(python) (scripts/bench-venv.sh needs the package index)"
        }
        figures[0] = figure
        return figures
    }
}

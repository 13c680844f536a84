import Engine
import FoundationEssentials
import Glibc
import Interaction
import Lab
import Output
import Playground
import Plumbing
import Rasterizer
import SDLFront
import Traces

extension BenchSections {
    /// Wall time of `check` over the corpus, and over 1,000 traces made by `trace transform`,
    /// on one core and on all cores.
    static func check(_ context: BenchContext) throws -> [BenchFigure] {
        let corpus = try TraceInputs.expand(["recordings"])
        guard !corpus.isEmpty else { return [] }
        var figures: [BenchFigure] = []
        let corpusTime = Measurement.time(runs: context.runs) { _ = CorpusCheck.run(paths: corpus, expected: nil) }
        var corpusFigure = BenchFigure.from(corpusTime, section: "check", name: "check the corpus (\(corpus.count) traces), 1 core",
                                            unit: "ms", perRun: { $0 * 1000 })
        corpusFigure.note = "\(BenchFigure.format(corpusTime.median / Double(corpus.count) * 100 * 1000)) ms per 100 traces"
        figures.append(corpusFigure)

        let count = context.size(1000, quick: 200)
        let folder = PathName.appending("transformed", to: context.workspace)
        try OutputFile.createFolder(folder)
        let sources = try corpus.map { try Trace.load(path: $0) }
        for index in 0..<count {
            var transform = TraceTransform()
            transform.positionJitter = 0.5
            transform.seed = UInt64(index)
            transform.mirrorHorizontally = index % 2 == 1
            try TraceWriter.write(transform.apply(to: sources[index % sources.count]),
                                  to: PathName.appending(CFormat.string("t%05ld.json", index), to: folder))
        }
        let paths = try TraceInputs.expand([folder])
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let one = Measurement.time(runs: context.runs) { _ = CorpusCheck.run(paths: paths, expected: nil, jobs: 1) }
        let all = Measurement.time(runs: context.runs) { _ = CorpusCheck.run(paths: paths, expected: nil, jobs: cores) }
        var oneFigure = BenchFigure.from(one, section: "check", name: "check \(count) transformed traces, 1 core", unit: "ms", perRun: { $0 * 1000 })
        oneFigure.note = "\(BenchFigure.format(one.median / Double(count) * 100 * 1000)) ms per 100 traces"
        oneFigure.target = ("well under 1 s per 100 traces", one.median / Double(count) * 100 < 1)
        var allFigure = BenchFigure.from(all, section: "check", name: "check \(count) transformed traces, \(cores) cores", unit: "ms", perRun: { $0 * 1000 })
        allFigure.reference = ("1 core", one.median / all.median)
        return figures + [oneFigure, allFigure]
    }
}

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
    /// 8,000 pointer events per second for 10 s through the recorder: events lost, and what
    /// recording costs per frame.
    static func recorder(_ context: BenchContext) throws -> [BenchFigure] {
        let seconds = context.quick ? 2.0 : 10.0
        let rate = 8000.0
        let frameRate = 60.0
        func runFrames(recording: Bool) throws -> (frameTimes: [Double], sent: Int, written: Int) {
            let configuration = try SessionConfiguration().resolve()
            var stage = Stage(configuration: configuration)
            let header = TraceHeader(created: "", program: "bench", windowSize: Size(width: 800, height: 600), devices: [],
                                     configuration: SessionConfiguration())
            let recorder = recording ? Recorder(folder: context.workspace, header: header, startTime: 0) : nil
            let wall = ContinuousClock()
            let start = wall.now
            var frameTimes: [Double] = []
            var sent = 0
            var down = false
            for frame in 0..<Int(seconds * frameRate) {
                let frameStart = wall.now
                let due = Int(Double(frame + 1) / frameRate * rate)
                while sent < due {
                    let time = Double(sent) / rate
                    let phase: PointerPhase = !down ? .down : (sent % 4000 == 3999 ? .up : .move)
                    down = phase != .up
                    let event = PointerEvent(pointerID: 0, kind: .mouse, phase: phase,
                                             position: Point(x: 100 + Double(sent % 4000) * 0.1, y: 300), timestamp: time)
                    _ = stage.feed(event)
                    recorder?.record(event)
                    sent += 1
                }
                frameTimes.append(Measurement.seconds(wall.now - frameStart))
                let next = Double(frame + 1) / frameRate
                Pause.sleep(seconds: next - Measurement.seconds(wall.now - start))
            }
            var written = 0
            if let recorder {
                let path = try recorder.finish(at: seconds)
                written = try Trace.load(path: path).events.filter { $0.phase != .cancel }.count
            }
            return (frameTimes, sent, written)
        }
        let without = try runFrames(recording: false)
        let with = try runFrames(recording: true)
        let plain = Measurement(samples: without.frameTimes)
        let recorded = Measurement(samples: with.frameTimes)
        var lost = BenchFigure(section: "recorder", name: "events lost at 8 kHz for \(Int(seconds)) s", unit: "events",
                               median: Double(with.sent - with.written), low: Double(with.sent - with.written), high: Double(with.sent - with.written), runs: 1)
        lost.target = ("0 lost", with.sent == with.written)
        lost.note = "\(with.written) of \(with.sent) events on disk"
        var cost = BenchFigure(section: "recorder", name: "work per frame while recording, p50", unit: "ms",
                               median: recorded.median * 1000, low: recorded.range.low * 1000, high: recorded.range.high * 1000,
                               runs: recorded.samples.count)
        cost.reference = ("not recording (p50 \(BenchFigure.format(plain.median * 1000)) ms)", plain.median / max(recorded.median, 1e-9))
        cost.note = "p99 \(BenchFigure.format(recorded.percentile(0.99) * 1000)) ms recording vs \(BenchFigure.format(plain.percentile(0.99) * 1000)) ms not"
        return [lost, cost]
    }
}

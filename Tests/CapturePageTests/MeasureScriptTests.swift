import Foundation
import Interaction
import Testing
import Traces
import CapturePage

/// The package's root folder, found from this file's path (`Tests/CapturePageTests/…`), so the
/// test reads the corpus and the page's scripts wherever the package is checked out.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The capture page's measurement (`Sources/CapturePage/Page/measure.js`) held to the lab's own
/// replay in `swift test`, as `Tests/EndToEnd/capture-page-differential.py`'s `node` way holds it: every
/// corpus trace the page could have recorded (its header's controllers `swipe` or `pinch` alone,
/// the page's two modes), under each of the script's eight policies, measured in Node by
/// `Tests/EndToEnd/measure-traces.js` with the CONFIG and rule the page for that policy carries, and
/// replayed in-process as `check` and `replay --headless` replay it. The script stays for the
/// browser way; this keeps the copy in step wherever Node is installed, without building the
/// binary first.
@Suite("measure.js against the lab's replay")
struct MeasureScriptTests {
    /// Node, under either of the names distributions give it (Debian's older packages call it `nodejs`).
    static let node = ExecutableSearch.onPath("node") ?? ExecutableSearch.onPath("nodejs")

    /// The policies `capture-page-differential.py` measures under (its `POLICIES`): every preset
    /// and two custom rules, one with the rule's extra `distance`/`screenWidth` arguments.
    static let policies = ["vctransitions", "mdtransitioning", "swiftui-navigation", "flutter", "compose", "projected",
                           "fling:velocity=300pt/s,position=0.4", "projection:deceleration=0.99,threshold=0.4,back-velocity=100"]

    /// The corpus traces the page could have recorded, read once for every policy (a constant:
    /// the files, parsed), or why they could not be.
    static let corpus = Result { try CorpusTrace.all() }

    /// The corpus traces the page could have recorded, as the script finds them today: the exact
    /// number, so a trace that silently drops out of the comparison (or a new one) is noticed.
    static let expectedTraceCount = 45
    /// The lab's releases of those traces under each of the policies (grabbed or not): exact too,
    /// so a Node and a replay that both measure nothing cannot agree by saying nothing.
    static let expectedReleaseCount = 40

    /// Under `policy`, measure.js measures every release of every swipe and pinch corpus trace as
    /// the lab's replay does: the same number of releases (a grab counted as the script counts
    /// it), the same decisions, and progress and velocity equal within the script's tolerances.
    /// Without Node the test is skipped with its reason, never passed silently.
    @Test(.enabled(if: node != nil, "neither node nor nodejs is on PATH: measure.js cannot run (install Node.js to hold it to the lab)"),
          arguments: policies)
    func measureJSMeasuresEveryCorpusReleaseAsTheLabReplaysIt(policy: String) throws {
        let node = try #require(Self.node)
        // The policy as `--policy` reads it (ConfigurationOptions.policy parses with PolicySpec.parse).
        let spec = try PolicySpec.parse(policy)
        let page = CapturePage(policy: spec, program: "gesture-lab test capture page")
        let traces = try Self.corpus.get()
        let measured = try MeasureTraces.run(node: node, page: page, traces: traces)
        var tally = Tally(policy: spec.canonical)
        for trace in traces {
            tally.compare(trace: trace.name, page: measured[trace.name], lab: try trace.replay(under: spec))
        }
        print(tally.summary(traces: traces.count))
        #expect(traces.count == Self.expectedTraceCount, "swipe and pinch traces under recordings/")
        #expect(tally.releases + tally.grabbed == Self.expectedReleaseCount, "releases of the corpus's swipe and pinch traces under \(spec.canonical)")
        // The count, not the list, is the expectation: the message lists the first five, where
        // the whole list expanded by #expect would bury them.
        let disagreements = tally.problems.count
        #expect(disagreements == 0, "under \(spec.canonical), the first: \(tally.problems.prefix(5).joined(separator: " | "))")
    }
}

/// A corpus trace recorded with the swipe or the pinch alone: its part of measure-traces.js's
/// request and the trace as the lab loads it.
struct CorpusTrace: Sendable {
    /// Its path under `recordings/`, which names it in the request and in messages.
    let name: String
    /// The trace as the lab reads it (`Trace.load`, what `check` and `replay` read).
    let trace: Trace
    /// Its entry of the request's `traces`, as JSON text: the name, the page's mode, the header's
    /// `config` and `window` as the file holds them, and the events restricted to t, id, phase, x, y.
    let request: String

    /// Why a corpus trace could not be made into a request or replayed.
    struct Problem: Error, CustomStringConvertible {
        /// What went wrong, naming the trace.
        let description: String
    }

    /// Every `*.json` under `recordings/` (recursively, by path) whose header's
    /// `config.controllers` is exactly `["swipe"]` or `["pinch"]`. Like the script, a file that is
    /// not JSON, or not an array opening with a header object, is no trace and is passed over;
    /// one that is such a trace but the lab cannot read fails the test, as it fails the script.
    static func all() throws -> [CorpusTrace] {
        let corpus = packageRoot.appendingPathComponent("recordings")
        let names = try FileManager.default.subpathsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") }.sorted()
        var found: [CorpusTrace] = []
        for name in names {
            let path = corpus.appendingPathComponent(name).path
            // The lab's reader reads the header alone: most of the corpus (pans, edge pans) is
            // passed over without parsing its events, which in a debug build takes seconds.
            if let header = try? TraceReader(path: path).header, mode(header.configuration.controllers) == nil { continue }
            guard let bytes = FileManager.default.contents(atPath: path),
                  let document = try? TraceSchema.parseJSON(Array(bytes)),
                  let items = document.array, let header = items.first, header.members != nil,
                  let controllers = header["config"]?["controllers"], let kind = mode(controllers) else { continue }
            found.append(try CorpusTrace(name: name, path: path, kind: kind, header: header, events: items.dropFirst()))
        }
        return found
    }

    /// The page's mode for the lab's controllers: the name of the swipe or the pinch alone, else nil.
    static func mode(_ controllers: [ControllerKind]) -> String? {
        controllers == [.swipe] || controllers == [.pinch] ? controllers[0].rawValue : nil
    }

    /// The page's mode for a header's `controllers`: the one controller's name when it is the
    /// swipe or the pinch alone, else nil (a trace the page could not have recorded).
    static func mode(_ controllers: JSONValue) -> String? {
        guard let names = controllers.array, names.count == 1, let name = names[0].string, name == "swipe" || name == "pinch" else { return nil }
        return name
    }

    /// The trace at `path` named `name`, recorded in the page's mode `kind`, from its parsed
    /// header and events (for the request) and read again by the lab's reader (for the replay).
    init(name: String, path: String, kind: String, header: JSONValue, events: ArraySlice<JSONValue>) throws {
        self.name = name
        do { trace = try Trace.load(path: path) } catch { throw Problem(description: "\(name): the lab cannot read it: \(error)") }
        var restricted: [JSONValue] = []
        for event in events {
            var kept: [(key: String, value: JSONValue)] = []
            for key in ["t", "id", "phase", "x", "y"] {
                guard let value = event[key] else { throw Problem(description: "\(name): an event without \"\(key)\"") }
                kept.append((key, value))
            }
            restricted.append(.object(kept))
        }
        // Round-trip digits: Node must measure exactly the doubles the lab replays.
        request = JSONWriter.compact(.object([("name", .string(name)), ("kind", .string(kind)), ("config", header["config"] ?? .null),
                                              ("window", header["window"] ?? .null), ("events", .array(restricted))]), numbers: .roundTrip)
    }

    /// The lab's transitions of the trace under `policy`: its header's configuration with the
    /// policy replaced, replayed headless, as `check --policy` and `replay --headless --policy` do.
    func replay(under policy: PolicySpec) throws -> [TransitionRecord] {
        var configuration = trace.header.configuration
        configuration.policy = policy
        do { return HeadlessReplay.run(trace.events, configuration: try configuration.resolve()) } catch {
            throw Problem(description: "\(name): its configuration under \(policy.canonical): \(error)")
        }
    }
}

/// One release as measure.js measured it (a line of measure-traces.js's output).
struct PageRelease {
    /// `finish` or `cancel`.
    let decision: String
    /// Progress at release; nil when JavaScript's number was not finite (JSON writes it null).
    let progress: Double?
    /// Velocity at release towards finishing, points per second; nil when not finite.
    let velocity: Double?
    /// True when the release followed another in the same gesture (a grab the page does not animate).
    let followsRelease: Bool
}

/// `node Tests/EndToEnd/measure-traces.js Sources/CapturePage/Page/measure.js`, once per policy.
enum MeasureTraces {
    /// Why Node's run could not be used.
    struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with Node's error output when it has any.
        let description: String
    }

    /// measure.js's releases of every trace, by name, under the page's CONFIG and rule. The
    /// request goes in on standard input, in the format measure-traces.js documents.
    static func run(node: URL, page: CapturePage, traces: [CorpusTrace]) throws -> [String: [PageRelease]] {
        // `page` is CONFIG as the page's script holds it (the same JSONWriter text `html` puts in).
        let request = "{\"page\":\(JSONWriter.compact(page.configuration)),\"rule\":\(quoted(page.rule)),\"traces\":["
            + traces.map(\.request).joined(separator: ",") + "]}"
        let output = try runNode(node, request: request)
        var measured: [String: [PageRelease]] = [:]
        for line in output.split(separator: "\n") {
            let record: JSONValue
            do { record = try TraceSchema.parseJSON(Array(line.utf8)) } catch { throw Failure(description: "node printed a line that is not JSON: \(line.prefix(200))") }
            guard let name = record["name"]?.string, let releases = record["releases"]?.array else {
                throw Failure(description: "node printed a line without a name and releases: \(line.prefix(200))")
            }
            measured[name] = try releases.map { release in
                guard let decision = release["decision"]?.string else { throw Failure(description: "\(name): a release without a decision") }
                return PageRelease(decision: decision, progress: release["progress"]?.number, velocity: release["velocity"]?.number,
                                   followsRelease: release["followsRelease"]?.bool ?? false)
            }
        }
        return measured
    }

    /// `text` as a JSON string.
    static func quoted(_ text: String) -> String {
        var output = ""
        JSONWriter.writeString(text, into: &output)
        return output
    }

    /// Node's standard output for measure-traces.js given `request`. Standard input, output and
    /// error are files in a fresh temporary folder: nothing can fill a pipe and stall either
    /// side, and a Node that dies before reading its input cannot break a pipe under this process.
    static func runNode(_ node: URL, request: String) throws -> String {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("measure-js-\(UUID().uuidString)")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: folder) }
        let input = folder.appendingPathComponent("request.json")
        let output = folder.appendingPathComponent("releases.jsonl"), errors = folder.appendingPathComponent("errors.txt")
        try Data(request.utf8).write(to: input)
        guard manager.createFile(atPath: output.path, contents: nil), manager.createFile(atPath: errors.path, contents: nil) else {
            throw Failure(description: "cannot create files for node's output in \(folder.path)")
        }
        let inputHandle = try FileHandle(forReadingFrom: input)
        defer { try? inputHandle.close() }
        let outputHandle = try FileHandle(forWritingTo: output)
        defer { try? outputHandle.close() }
        let errorHandle = try FileHandle(forWritingTo: errors)
        defer { try? errorHandle.close() }
        let process = Process()
        process.executableURL = node
        process.arguments = [packageRoot.appendingPathComponent("Tests/EndToEnd/measure-traces.js").path,
                             packageRoot.appendingPathComponent("Sources/CapturePage/Page/measure.js").path]
        process.currentDirectoryURL = packageRoot
        process.standardInput = inputHandle
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let errorText = String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self)
            throw Failure(description: "node measure-traces.js exited \(process.terminationStatus): \(errorText.prefix(2000))")
        }
        return String(decoding: try Data(contentsOf: output), as: UTF8.self)
    }
}

/// Agreement between measure.js and the lab under one policy, by the rules of the script's
/// `Tally.compare`, with the worst differences for the summary.
struct Tally {
    /// Relative difference within which two numbers are equal.
    static let relative = 1e-6
    /// Absolute differences within which they are equal too: the replay report's last decimal
    /// (nine for progress, six for velocity), which the script compares against.
    static let lastDecimal = (progress: 5e-10, velocity: 5e-7)

    /// The policy, as messages name it.
    let policy: String
    /// Every disagreement, in the script's words.
    private(set) var problems: [String] = []
    /// Releases compared (not grabbed).
    private(set) var releases = 0
    /// Releases that agreed.
    private(set) var agreed = 0
    /// The page's releases of records that grabbed a completing transition: counted, not compared.
    private(set) var grabbed = 0
    /// The largest relative differences seen.
    private(set) var worst = (progress: 0.0, velocity: 0.0)

    /// Creates an empty tally for `policy`.
    init(policy: String) {
        self.policy = policy
    }

    /// Compares measure.js's releases of `trace` (nil when Node printed none for it) with the
    /// lab's records of it.
    mutating func compare(trace: String, page measured: [PageRelease]?, lab records: [TransitionRecord]) {
        guard let page = measured else {
            problems.append("\(trace) under \(policy): node printed nothing for the trace")
            return
        }
        // A record that grabbed its transition g times stands for g + 1 of the page's releases,
        // and holds the numbers of the last, made from a progress the page does not animate.
        let expected = records.reduce(0) { $0 + $1.grabs + 1 }
        guard page.count == expected else {
            problems.append("\(trace) under \(policy): page measured \(page.count) releases, the lab \(expected)")
            return
        }
        var position = 0, index = 0
        for record in records {
            let taken = page[position..<(position + record.grabs + 1)]
            position += taken.count
            if record.grabs > 0 {
                grabbed += taken.count
                if !taken.dropFirst().allSatisfy(\.followsRelease) {
                    problems.append("\(trace) under \(policy): the lab grabbed, the page did not mark the release")
                }
                continue
            }
            index += 1
            compare(trace: trace, release: index, page: page[position - 1], lab: record)
        }
    }

    /// Compares release number `index` (counting only those not grabbed) of `trace`.
    private mutating func compare(trace: String, release index: Int, page: PageRelease, lab: TransitionRecord) {
        releases += 1
        let progress = Self.difference(page.progress, lab.progressAtRelease, lastDecimal: Self.lastDecimal.progress)
        let velocity = Self.difference(page.velocity, lab.velocityAtRelease, lastDecimal: Self.lastDecimal.velocity)
        worst.progress = max(worst.progress, progress.relative)
        worst.velocity = max(worst.velocity, velocity.relative)
        if page.decision == lab.decision.rawValue && progress.agrees && velocity.agrees {
            agreed += 1
            return
        }
        /// A number of the message in full digits, or null where measure.js gave none.
        func text(_ value: Double?) -> String { value.map { "\($0)" } ?? "null" }
        problems.append("\(trace) under \(policy), release \(index): page \(page.decision) progress \(text(page.progress)) "
                        + "velocity \(text(page.velocity)); lab \(lab.decision.rawValue) progress \(lab.progressAtRelease) velocity \(lab.velocityAtRelease)")
    }

    /// Whether `page` and `lab` are equal by the script's rule (within `lastDecimal`, or within
    /// ``relative`` of the larger), and their relative difference. A number measure.js could not
    /// give (null) or a non-finite one never agrees: the script could not compare it either.
    static func difference(_ page: Double?, _ lab: Double, lastDecimal: Double) -> (agrees: Bool, relative: Double) {
        guard let page, page.isFinite, lab.isFinite else { return (false, 0) }
        let difference = abs(page - lab), scale = max(abs(page), abs(lab))
        let relative = scale > 0 ? difference / scale : 0
        return (!(difference > lastDecimal && relative > Self.relative), relative)
    }

    /// One line for the test's output, as the script's table has it for the policy.
    func summary(traces: Int) -> String {
        "measure.js under \(policy): \(traces) traces, \(releases) releases compared, \(agreed) agree, \(grabbed) grabbed; "
            + "max relative difference progress \(worst.progress), velocity \(worst.velocity)"
    }
}

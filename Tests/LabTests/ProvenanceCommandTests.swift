import Foundation
@testable import Lab
@testable import Output
import Testing
import Traces

/// Provenance through the command line: `trace label --provenance`, `trace info`, and the
/// per-provenance tables of `agree` and `tune`.
@Suite("Provenance on the command line")
struct ProvenanceCommandTests {
    static func scratch(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("provenance-\(UUID().uuidString)-\(name)").path
    }

    @Test func labelSetsTheProvenanceAndSaysSoInTheHistory() throws {
        let trace = Self.scratch("trace.json"), provenance = Self.scratch("provenance.json")
        defer { for path in [trace, provenance] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.copyItem(atPath: demoTrace, toPath: trace)
        try Data(#"{"kind": "person", "input": "capture page"}"#.utf8).write(to: URL(fileURLWithPath: provenance))
        let (code, capture) = Console.capturing { lab(["trace", "label", trace, "--in-place", "--provenance", provenance]) }
        #expect(code == .success, "\(capture.combined)")
        let header = try Trace.load(path: trace).header
        #expect(header.provenance == TraceProvenance(kind: .person, details: [("input", .string("capture page"))]))
        #expect(header.history.last == "provenance: person")
        let (_, info) = Console.capturing { lab(["trace", "info", trace]) }
        #expect(info.output.contains("\n  provenance   person; input: capture page\n"))
    }

    @Test func aBadProvenanceFileIsNamedAndTheTraceKept() throws {
        let trace = Self.scratch("trace.json"), provenance = Self.scratch("provenance.json")
        defer { for path in [trace, provenance] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.copyItem(atPath: demoTrace, toPath: trace)
        let before = try Data(contentsOf: URL(fileURLWithPath: trace))
        try Data(#"{"kind": "guess"}"#.utf8).write(to: URL(fileURLWithPath: provenance))
        let (code, capture) = Console.capturing { lab(["trace", "label", trace, "--in-place", "--provenance", provenance]) }
        #expect(code == .badInput)
        #expect(capture.error == "gesture-lab: \(provenance): the header's \"provenance.kind\" must be one of robot, synthetic, device, person\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: trace)) == before)
    }

    @Test func aProvenanceFileOverItsLimitIsRefusedBeforeItIsReadAndTheTraceKept() throws {
        let trace = Self.scratch("trace.json"), provenance = Self.scratch("provenance.json")
        defer { for path in [trace, provenance] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.copyItem(atPath: demoTrace, toPath: trace)
        let before = try Data(contentsOf: URL(fileURLWithPath: trace))
        try Data(repeating: UInt8(ascii: " "), count: TraceProvenance.maximumFileBytes + 1).write(to: URL(fileURLWithPath: provenance))
        let (code, capture) = Console.capturing { lab(["trace", "label", trace, "--in-place", "--provenance", provenance]) }
        #expect(code == .badInput)
        #expect(capture.error == "gesture-lab: \(provenance): cannot read the provenance file: is larger than the limit of 4194304 bytes\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: trace)) == before)
    }

    @Test func agreeShowsEachProvenanceApart() throws {
        let folder = packageRoot.appendingPathComponent("recordings/swipe").path
        let (code, capture) = Console.capturing { lab(["agree", folder, "--policy", "vctransitions"]) }
        #expect(code == .success)
        let lines = capture.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let heading = try #require(lines.firstIndex { $0.hasPrefix("agreement by provenance") })
        // The robot's plans and the 3M screen's two imported gestures, each in its own column.
        #expect(lines[heading + 1] == "                 robot (14)      device (2)")
        #expect(lines[heading + 2] == "  vctransitions  85.7% (12/14)   100.0% (2/2)")
    }

    /// A trace without intent labels is skipped after its header: events past it are never
    /// read (here they are not even JSON), so a huge unlabelled trace costs nothing.
    @Test func agreeSkipsAnUnlabelledTraceAfterItsHeader() throws {
        let folder = Self.scratch("agree")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("recordings/swipe/just-past-half.json").path, toPath: folder + "/labelled.json")
        let header = #"{"format":"gesture-lab-trace","version":"1.1","window":{"width":800,"height":600}}"#
        try Data(("[\n" + header + ",\nnot an event at all\n").utf8).write(to: URL(fileURLWithPath: folder + "/unlabelled.json"))
        let (code, capture) = Console.capturing { lab(["agree", folder, "--policy", "flutter"]) }
        #expect(code == .success, "\(capture.combined)")
        #expect(capture.output.hasPrefix("1 labelled releases from 1 traces in 1 group by folder (1 without intent labels skipped)\n"))
    }

    @Test func listPrintsNamesOnePerLineAndDetailsOnRequest() {
        let (code, names) = Console.capturing { lab(["list", "policies"]) }
        #expect(code == .success)
        #expect(names.output.hasPrefix("vctransitions\nmdtransitioning\nswiftui-navigation\nflutter\ncompose\nprojected\nposition\n"))
        #expect(!names.output.contains(" "))
        let (_, details) = Console.capturing { lab(["list", "policies", "--details"]) }
        #expect(details.output.hasPrefix("vctransitions       = vctransitions:threshold=0.5\nmdtransitioning     = mdtransitioning:threshold=0.25\n"))
        #expect(details.output.contains("\nposition            family; starts as position:threshold=0.5\n"))
    }
}

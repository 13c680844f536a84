import Foundation
import Interaction
import Testing
import Traces

/// Every labelled trace in `recordings/`, replayed under every policy it has expectations for.
@Suite("Recorded corpus")
struct CorpusTests {
    static let traces: [String] = {
        let root = packageRoot.appendingPathComponent("recordings").path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test func theCorpusHasAtLeastFortyTracesInAFolderPerController() {
        #expect(Self.traces.count >= 40)
        for folder in ["swipe", "vertical-swipe", "edge-pan", "pan", "pinch"] {
            #expect(Self.traces.contains { $0.hasPrefix(folder + "/") }, "no traces in recordings/\(folder)")
        }
    }

    @Test(arguments: traces)
    func replaysToItsExpectedOutcomes(_ relativePath: String) throws {
        let trace = try Trace.load(path: packageRoot.appendingPathComponent("recordings").appendingPathComponent(relativePath).path)
        let policies = trace.header.policiesWithExpectations
        #expect(!policies.isEmpty, "\(relativePath) has no expected outcomes")
        for policy in policies {
            let check = try TraceCheck.run(trace, policy: policy, expected: trace.header.expectedOutcomes(for: policy) ?? [])
            #expect(check.passed, "\(relativePath) under \(policy): expected \(check.expected), got \(check.got)")
        }
    }

    @Test(arguments: traces)
    func replayReportsAreIdenticalStreamedOrLoaded(_ relativePath: String) throws {
        let trace = try Trace.load(path: packageRoot.appendingPathComponent("recordings").appendingPathComponent(relativePath).path)
        let configuration = try trace.header.configuration.resolve()
        let first = ReplayReport.text(trace: relativePath, configuration: trace.header.configuration,
                                      records: HeadlessReplay.run(trace.events, configuration: configuration))
        let path = packageRoot.appendingPathComponent("recordings").appendingPathComponent(relativePath).path
        let second = ReplayReport.text(trace: relativePath, configuration: trace.header.configuration,
                                       records: try HeadlessReplay.run(TraceReader(path: path), configuration: configuration))
        #expect(first == second)
    }
}

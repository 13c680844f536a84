import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Lab
@testable import Output

/// `check --format junit|tap`: a test case per trace and policy, in files CI systems read.
@Suite("Check reports for CI")
struct CheckReportTests {
    static let cases = CheckReport(cases: [
        .init(path: "recordings/swipe/a.json", policy: "vctransitions", status: .passed, message: "expected finished, got finished", detail: "progress 0.7 > 0.5"),
        .init(path: "recordings/swipe/b.json", policy: "flutter", status: .failed, message: "expected finished, got cancelled",
              detail: "progress 0.4 < 0.5; margin Δp 0.1000, Δv none"),
        .init(path: "recordings/swipe/c.json", policy: nil, status: .skipped, message: "the trace has no intent labels to check", detail: ""),
        .init(path: "bad <&> #1.json", policy: nil, status: .error, message: "bad <&> #1.json:2: missing \"t\"\u{1B}[2J", detail: ""),
    ])

    @Test func junitHasASuitePerPolicyAndTheCountsOnEach() {
        #expect(Self.cases.junit == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="gesture-lab check" tests="4" failures="1" errors="1" skipped="1" time="0">
          <testsuite name="vctransitions" id="0" tests="1" failures="0" errors="0" skipped="0" time="0">
            <testcase classname="recordings.swipe" name="recordings/swipe/a.json [vctransitions]" time="0">
              <system-out>progress 0.7 &gt; 0.5</system-out>
            </testcase>
          </testsuite>
          <testsuite name="flutter" id="1" tests="1" failures="1" errors="0" skipped="0" time="0">
            <testcase classname="recordings.swipe" name="recordings/swipe/b.json [flutter]" time="0">
              <failure message="expected finished, got cancelled" type="mismatch">progress 0.4 &lt; 0.5; margin Δp 0.1000, Δv none</failure>
            </testcase>
          </testsuite>
          <testsuite name="unreadable" id="2" tests="2" failures="0" errors="1" skipped="1" time="0">
            <testcase classname="recordings.swipe" name="recordings/swipe/c.json" time="0">
              <skipped message="the trace has no intent labels to check"/>
            </testcase>
            <testcase classname="traces" name="bad &lt;&amp;&gt; #1.json" time="0">
              <error message="bad &lt;&amp;&gt; #1.json:2: missing &quot;t&quot;\\u{1b}[2J" type="unreadable"/>
            </testcase>
          </testsuite>
        </testsuites>

        """)
    }

    @Test func tapGivesEveryCaseAPointAndFailuresTheirReasons() {
        #expect(Self.cases.tap == """
        TAP version 14
        1..4
        ok 1 - recordings/swipe/a.json [vctransitions]
        not ok 2 - recordings/swipe/b.json [flutter]
          ---
          message: "expected finished, got cancelled"
          severity: fail
          reasons: "progress 0.4 < 0.5; margin Δp 0.1000, Δv none"
          ...
        ok 3 - recordings/swipe/c.json # SKIP the trace has no intent labels to check
        not ok 4 - bad <&> \\#1.json
          ---
          message: "bad <&> #1.json:2: missing \\"t\\"\\\\x1B[2J"
          severity: error
          ...

        """)
    }

    @Test func characterNoXMLReaderTakesAreEscaped() {
        #expect(CheckReport.xml("a\u{0}b\u{7}c\u{202E}d\u{9B}e\u{FFFE}f\ng") == "a\\u{0}b\\u{7}c\\u{202e}d\\u{9b}e\\u{fffe}f\ng")
    }

    /// Counts the elements of an XML document, or nil when it is not well-formed.
    final class ElementCounter: NSObject, XMLParserDelegate {
        var counts: [String: Int] = [:]
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            counts[elementName, default: 0] += 1
        }

        static func count(_ text: String) -> [String: Int]? {
            let parser = XMLParser(data: Data(text.utf8))
            let counter = ElementCounter()
            parser.delegate = counter
            return parser.parse() ? counter.counts : nil
        }
    }

    @Test func theCorpusAsJUnitIsWellFormedWithACasePerTraceAndPolicy() throws {
        let folder = packageRoot.appendingPathComponent("recordings/swipe").path
        let (junitCode, junit) = Console.capturing { lab(["check", folder, "--format", "junit"]) }
        let (textCode, text) = Console.capturing { lab(["check", folder]) }
        #expect(junitCode == .success && textCode == .success)
        let checkedLines = text.output.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }
        let counts = try #require(ElementCounter.count(junit.output))
        #expect(counts["testsuites"] == 1)
        #expect(counts["testsuite"] == 6)
        #expect(counts["testcase"] == checkedLines.count)
        #expect(counts["failure"] == nil)
        #expect(junit.error.isEmpty)
    }

    @Test func outGoesWithJUnitOrTapOnly() {
        let folder = packageRoot.appendingPathComponent("recordings/swipe").path
        let (code, capture) = Console.capturing { lab(["check", folder, "--out", "/tmp/never-written.xml"]) }
        #expect(code == .usage)
        #expect(capture.error.hasPrefix("gesture-lab: option '--out' goes with --format junit or tap\n"))
    }
}

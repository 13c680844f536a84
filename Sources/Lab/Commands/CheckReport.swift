import Interaction
import Plumbing
import Traces

/// `check`'s results as the files CI systems read: JUnit XML (Jenkins, GitLab, GitHub's test
/// reporters, Azure) and TAP 14. One test case per trace and policy; a failure's message says
/// what was expected and what came, and its text the decisions' reasons and margins.
package struct CheckReport {
    /// How one case ended.
    package enum Status: String {
        case passed, failed, error, skipped
    }

    /// One trace under one policy (or a trace that could not be checked at all).
    package struct Case {
        /// The trace's path as given.
        package var path: String
        /// The policy's canonical spec, nil when none applies (an unreadable trace).
        package var policy: String?
        package var status: Status
        /// One line: what was expected and what came, or why it was skipped or broke.
        package var message: String
        /// The decisions' reasons and margins, one per line.
        package var detail: String

        /// A case of `path` under `policy`.
        package init(path: String, policy: String?, status: Status, message: String, detail: String) {
            self.path = path
            self.policy = policy
            self.status = status
            self.message = message
            self.detail = detail
        }

        /// `path [policy]`.
        package var name: String { policy.map { "\(path) [\($0)]" } ?? path }
        /// The trace's folder with dots, as JUnit's class names go (`recordings.swipe`).
        package var className: String {
            guard let slash = path.lastIndex(of: "/") else { return "traces" }
            let folder = path[..<slash].split(separator: "/").filter { $0 != "." && $0 != ".." }.joined(separator: ".")
            return folder.isEmpty ? "traces" : folder
        }
    }

    /// The cases, in the order checked.
    package var cases: [Case] = []

    /// A report of `cases`.
    package init(cases: [Case] = []) { self.cases = cases }

    /// JUnit XML: a `testsuite` per policy (cases that have none in one of their own), the
    /// counts on every suite and on the whole.
    package var junit: String {
        var suites: [(name: String, cases: [Case])] = []
        for testCase in cases {
            let name = testCase.policy ?? "unreadable"
            if let index = suites.firstIndex(where: { $0.name == name }) { suites[index].cases.append(testCase) } else { suites.append((name, [testCase])) }
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"gesture-lab check\" \(Self.counts(cases)) time=\"0\">\n"
        for (index, suite) in suites.enumerated() {
            xml += "  <testsuite name=\"\(Self.xml(suite.name))\" id=\"\(index)\" \(Self.counts(suite.cases)) time=\"0\">\n"
            for testCase in suite.cases {
                xml += "    <testcase classname=\"\(Self.xml(testCase.className))\" name=\"\(Self.xml(testCase.name))\" time=\"0\""
                switch testCase.status {
                case .passed:
                    xml += testCase.detail.isEmpty ? "/>\n" : ">\n      <system-out>\(Self.xml(testCase.detail))</system-out>\n    </testcase>\n"
                case .failed:
                    xml += ">\n      <failure message=\"\(Self.xml(testCase.message))\" type=\"mismatch\">\(Self.xml(testCase.detail))</failure>\n    </testcase>\n"
                case .error:
                    xml += ">\n      <error message=\"\(Self.xml(testCase.message))\" type=\"unreadable\"/>\n    </testcase>\n"
                case .skipped:
                    xml += ">\n      <skipped message=\"\(Self.xml(testCase.message))\"/>\n    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// TAP version 14: a test point per case, failures with a YAML block of what was expected,
    /// what came and why.
    package var tap: String {
        var text = "TAP version 14\n1..\(cases.count)\n"
        for (index, testCase) in cases.enumerated() {
            let description = Self.tapDescription(testCase.name)
            switch testCase.status {
            case .passed:
                text += "ok \(index + 1) - \(description)\n"
            case .skipped:
                text += "ok \(index + 1) - \(description) # SKIP \(Self.tapDescription(testCase.message))\n"
            case .failed, .error:
                text += "not ok \(index + 1) - \(description)\n  ---\n"
                text += "  message: \(Self.yaml(testCase.message))\n  severity: \(testCase.status == .error ? "error" : "fail")\n"
                if !testCase.detail.isEmpty { text += "  reasons: \(Self.yaml(testCase.detail))\n" }
                text += "  ...\n"
            }
        }
        return text
    }

    private static func counts(_ cases: [Case]) -> String {
        let failures = cases.filter { $0.status == .failed }.count, errors = cases.filter { $0.status == .error }.count
        let skipped = cases.filter { $0.status == .skipped }.count
        return "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
    }

    /// Text for an XML attribute or element, line by line: markup escaped, and what XML 1.0
    /// cannot hold (controls, noncharacters) or should not show (bidi controls) as `\u{…}`
    /// escapes, so any trace name gives a file every XML reader accepts.
    package static func xml(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { HTML.escape(String($0)) }.joined(separator: "\n")
    }

    /// A TAP description: one line, with `#` (which starts a directive) and controls escaped.
    package static func tapDescription(_ text: String) -> String {
        TerminalText.escaped(text).replacingEvery("#", with: "\\#")
    }

    /// A YAML double-quoted scalar.
    package static func yaml(_ text: String) -> String {
        var result = "\""
        for scalar in TerminalText.escaped(text, keepingLineBreaks: true).unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

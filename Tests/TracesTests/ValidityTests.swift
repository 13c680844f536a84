import Foundation
import Interaction
import Testing
import Traces

/// `trace validate` and replay agree on what a valid trace is.
@Suite("One truth about validity")
struct ValidityTests {
    static let event = #"{"t":0,"id":0,"kind":"mouse","phase":"down","x":1,"y":1}"# + ",\n" + #"{"t":0.1,"id":0,"kind":"mouse","phase":"up","x":1,"y":1}"#

    static func trace(version: String = "1.0", config: String = "", after: String = "") -> [UInt8] {
        Array(("[{\"format\":\"gesture-lab-trace\",\"version\":\"\(version)\",\"window\":{\"width\":800,\"height\":600}"
            + (config.isEmpty ? "" : ",\"config\":{\(config)}") + "},\n" + event + "\n]\n" + after).utf8)
    }

    /// What replay does with the trace: load it and resolve its configuration.
    static func replayProblem(_ bytes: [UInt8]) -> String? {
        do {
            let trace = try Trace.load(bytes: bytes, file: "t.json")
            _ = try trace.header.configuration.resolve()
            return nil
        } catch let error as TraceError {
            return error.problem
        } catch let error as ConfigurationError {
            return "the trace's configuration: " + error.description
        } catch {
            return "\(error)"
        }
    }

    @Test func validateRefusesWhatReplayRefuses() {
        let cases: [[UInt8]] = [
            Self.trace(after: "[]"),
            Self.trace(after: "x"),
            Self.trace(config: #""controllers":["nosuch"]"#),
            Self.trace(config: #""controllers":[]"#),
            Self.trace(config: #""policy":"nosuch""#),
            Self.trace(config: #""transition":"nosuch""#),
            Self.trace(config: #""completion":"nosuch""#),
            Self.trace(version: "+1.0"),
            Self.trace(version: "01.5"),
            Self.trace(version: "1.0 "),
            Self.trace(version: "1"),
            Self.trace(version: "1.-0"),
        ]
        for bytes in cases {
            let replay = Self.replayProblem(bytes)
            let validate = TraceValidator.validate(bytes: bytes)
            #expect(replay != nil, "\(String(decoding: bytes, as: UTF8.self))")
            // The schema may word it first (a version too short), otherwise the message is replay's.
            #expect(!validate.isEmpty && (validate.count > 1 || validate[0].message.hasSuffix(replay ?? "-") || validate[0].message.hasPrefix("header: $.")),
                    "\(validate) vs \(replay ?? "nil")")
        }
    }

    @Test func theMessagesNameTheProblem() {
        #expect(TraceValidator.validate(bytes: Self.trace(config: #""controllers":["nosuch"]"#)).map(\.description)
                == ["line 1: header: config: \"controllers\": unknown controller 'nosuch' (expected one of: swipe, vertical-swipe, edge-pan, pan, pinch)"])
        #expect(TraceValidator.validate(bytes: Self.trace(after: "[]")).map(\.description) == ["line 5: unexpected '[' after the trace's closing ']'"])
        #expect(Self.replayProblem(Self.trace(version: "+1.0"))
                == "the header's \"version\" \"+1.0\" is not of the form MAJOR.MINOR (whole numbers of at most 6 digits, without sign or leading zeros)")
    }

    @Test func plainVersionsAreAccepted() {
        for version in ["1.0", "1.12", "1.0"] {
            #expect(Self.replayProblem(Self.trace(version: version)) == nil)
            #expect(TraceValidator.validate(bytes: Self.trace(version: version)).isEmpty)
        }
    }
}

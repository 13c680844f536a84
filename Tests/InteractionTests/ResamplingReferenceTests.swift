import Engine
import Foundation
@testable import Interaction
import Testing

/// The peers' own resampling test suites, ported as fixtures (Fixtures/ResamplingReferences,
/// with their licences): Flutter's resampler_test.dart and Android's TouchResampling_test.cpp,
/// every expectation passed exactly.
@Suite("Resampling against Flutter's and Android's test suites")
struct ResamplingReferenceTests {
    static let folder = packageRoot.appendingPathComponent("Tests/InteractionTests/Fixtures/ResamplingReferences")

    /// A fixture's steps: arrays whose first element names the step.
    struct Suite: Decodable {
        struct Case: Decodable {
            let name: String
            let steps: [[Step]]
        }
        let tests: [Case]
    }

    /// One element of a step: a name, a number, a flag or a nested list.
    enum Step: Decodable {
        case text(String), number(Double), flag(Bool), list([Step])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) { self = .text(text) }
            else if let flag = try? container.decode(Bool.self) { self = .flag(flag) }
            else if let number = try? container.decode(Double.self) { self = .number(number) }
            else { self = .list(try container.decode([Step].self)) }
        }

        var text: String { if case .text(let value) = self { value } else { "" } }
        var number: Double { if case .number(let value) = self { value } else { .nan } }
        var flag: Bool { if case .flag(let value) = self { value } else { false } }
        var list: [Step] { if case .list(let value) = self { value } else { [] } }
    }

    static func suite(_ path: String) throws -> Suite {
        try JSONDecoder().decode(Suite.self, from: Data(contentsOf: folder.appendingPathComponent(path)))
    }

    // MARK: Flutter

    /// Runs Flutter's suite; returns (expectations met, expectations) and records failures.
    static func runFlutterSuite(_ suite: Suite) -> (passed: Int, total: Int, failures: [String]) {
        var passed = 0, total = 0, failures: [String] = []
        func check(_ ok: Bool, _ what: @autoclosure () -> String) {
            total += 1
            if ok { passed += 1 } else { failures.append(what()) }
        }
        for test in suite.tests {
            var resampler = FlutterPointerEventResampler()
            var result: [FlutterResamplerEvent] = []
            for step in test.steps {
                switch step[0].text {
                case "add":
                    let kind = FlutterResamplerEvent.Kind(rawValue: step[1].text) ?? .move
                    let delta = step.count > 6 ? Point(x: step[5].number, y: step[6].number) : Point(x: 0, y: 0)
                    resampler.add(FlutterResamplerEvent(kind: kind, time: Int64(step[2].number),
                                                        position: Point(x: step[3].number, y: step[4].number), delta: delta))
                case "sample":
                    result += resampler.sample(at: Int64(step[1].number), next: Int64(step[2].number))
                case "stop":
                    result += resampler.stop()
                case "count":
                    check(result.count == Int(step[1].number), "\(test.name): \(result.count) events, expected \(Int(step[1].number))")
                case "buttons":
                    let index = Int(step[1].number)
                    check(result.indices.contains(index) && result[index].buttons == Int(step[2].number), "\(test.name): buttons of event \(index)")
                case "event":
                    let index = Int(step[1].number)
                    guard result.indices.contains(index) else {
                        for _ in 0..<(step.count > 6 ? 6 : 4) { check(false, "\(test.name): no event \(index)") }
                        continue
                    }
                    let event = result[index]
                    check(event.time == Int64(step[3].number), "\(test.name) #\(index): time \(event.time)")
                    check(event.kind.rawValue == step[2].text, "\(test.name) #\(index): kind \(event.kind)")
                    check(event.position.x == step[4].number, "\(test.name) #\(index): x \(event.position.x)")
                    check(event.position.y == step[5].number, "\(test.name) #\(index): y \(event.position.y)")
                    if step.count > 6 {
                        check(event.delta.x == step[6].number, "\(test.name) #\(index): dx \(event.delta.x)")
                        check(event.delta.y == step[7].number, "\(test.name) #\(index): dy \(event.delta.y)")
                    }
                default:
                    check(false, "\(test.name): unknown step \(step[0].text)")
                }
            }
        }
        return (passed, total, failures)
    }

    @Test func flutterPassesEveryExpectationOfResamplerTest() throws {
        let outcome = Self.runFlutterSuite(try Self.suite("flutter/resampler_test.json"))
        #expect(outcome.failures == [])
        #expect(outcome.total == 337)
        #expect(outcome.passed == 337)
    }

    // MARK: Android

    static func action(_ text: String) -> AndroidMotionMessage.Action? {
        let parts = text.split(separator: ":")
        switch parts.first {
        case "down": return .down
        case "move": return .move
        case "up": return .up
        case "cancel": return .cancel
        case "pointer_down": return parts.count == 2 ? Int(parts[1]).map { .pointerDown(index: $0) } : nil
        case "pointer_up": return parts.count == 2 ? Int(parts[1]).map { .pointerUp(index: $0) } : nil
        default: return nil
        }
    }

    static let nanosecondsPerMillisecond: Int64 = 1_000_000

    /// Runs Android's suite; returns (events as expected, events consumed) and the failures.
    static func runAndroidSuite(_ suite: Suite) -> (passed: Int, total: Int, failures: [String]) {
        var passed = 0, total = 0, failures: [String] = []
        for test in suite.tests {
            var consumer = AndroidInputConsumer()
            for step in test.steps {
                switch step[0].text {
                case "publish":
                    for entry in step[1].list {
                        let pointers = entry.list[2].list.map {
                            AndroidMotionMessage.Pointer(id: Int($0.list[0].number), x: $0.list[1].number, y: $0.list[2].number)
                        }
                        consumer.publish(AndroidMotionMessage(action: action(entry.list[0].text) ?? .move,
                                                              time: Int64(entry.list[1].number) * nanosecondsPerMillisecond,
                                                              pointers: pointers))
                    }
                case "consume":
                    total += 1
                    let expected = AndroidMotionEvent(action: action(step[2].text) ?? .move, samples: step[3].list.map { sample in
                        AndroidMotionEvent.Sample(time: Int64(sample.list[0].number) * nanosecondsPerMillisecond,
                                                  pointers: sample.list[1].list.map {
                            AndroidMotionMessage.Pointer(id: Int($0.list[0].number), x: $0.list[1].number, y: $0.list[2].number,
                                                         isResampled: $0.list[3].flag)
                        })
                    })
                    let got = consumer.consume(consumeBatches: true, frameTime: Int64(step[1].number) * nanosecondsPerMillisecond)
                    if got == expected { passed += 1 } else { failures.append("\(test.name) at \(Int(step[1].number)) ms: got \(String(describing: got))") }
                default:
                    failures.append("\(test.name): unknown step \(step[0].text)")
                }
            }
        }
        return (passed, total, failures)
    }

    @Test func androidPassesEveryEventOfTouchResamplingTest() throws {
        let outcome = Self.runAndroidSuite(try Self.suite("android/TouchResampling_test.json"))
        #expect(outcome.failures == [])
        #expect(outcome.total == 19)
        #expect(outcome.passed == 19)
    }
}

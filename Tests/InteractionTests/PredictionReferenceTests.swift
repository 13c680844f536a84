import Engine
import Foundation
@testable import Interaction
import Testing

/// Chromium's own predictor unit tests (ui/base/prediction), ported as fixtures
/// (Fixtures/PredictionReferences, with the licence): every expectation passes at the test's
/// own tolerance (0.1 points; 0.001 for the Kalman filter).
@Suite("Prediction against Chromium's unit tests")
struct PredictionReferenceTests {
    static let fixture = packageRoot.appendingPathComponent("Tests/InteractionTests/Fixtures/PredictionReferences/chromium_prediction_tests.json")
    static let epsilon = 0.1
    static let filterEpsilon = 0.001

    struct Suite: Decodable {
        struct Case: Decodable {
            let name: String
            let predictor: String
            let options: [String]?
            let steps: [[ResamplingReferenceTests.Step]]
        }
        let tests: [Case]
    }

    /// Counts the expectations as the peer's test would, and the ones that failed.
    struct Tally {
        var passed = 0, total = 0, failures: [String] = []
        mutating func check(_ ok: Bool, _ what: @autoclosure () -> String) {
            total += 1
            if ok { passed += 1 } else { failures.append(what()) }
        }
    }

    static func seconds(_ milliseconds: Double) -> Double { milliseconds / 1000 }

    static func makePredictor(_ test: Suite.Case) -> (any PointerPredictor)? {
        if test.predictor == "kalman", test.options == ["direction-cut-off"] { return KalmanPredictor(options: .directionCutOff) }
        return PredictorName(rawValue: test.predictor)?.makePredictor()
    }

    static func numbers(_ step: ResamplingReferenceTests.Step) -> [Double] { step.list.map(\.number) }

    static func run(_ suite: Suite) -> Tally {
        var tally = Tally()
        for test in suite.tests {
            guard var predictor = makePredictor(test) else {
                tally.check(false, "\(test.name): no predictor \(test.predictor)")
                continue
            }
            for step in test.steps {
                let name = test.name
                switch step[0].text {
                case "has":
                    tally.check(predictor.hasPrediction == step[1].flag, "\(name): hasPrediction \(predictor.hasPrediction)")
                case "update":
                    predictor.update(Point(x: step[1].number, y: step[2].number), at: seconds(step[3].number))
                case "reset":
                    predictor.reset()
                case "interval":
                    let microseconds = SampleTime.microseconds(predictor.timeInterval)
                    tally.check(microseconds == Int64(step[1].number * 1000), "\(name): interval \(microseconds) µs")
                case "validate", "validate-continue":
                    if step[0].text == "validate" { predictor.reset() }
                    let xs = numbers(step[1]), ys = numbers(step[2]), ts = numbers(step[3])
                    for index in ts.indices {
                        if predictor.hasPrediction {
                            let result = predictor.prediction(at: seconds(ts[index]))
                            tally.check(result != nil, "\(name) #\(index): no prediction")
                            tally.check(abs((result?.x ?? .nan) - xs[index]) <= epsilon, "\(name) #\(index): x \(String(describing: result?.x))")
                            tally.check(abs((result?.y ?? .nan) - ys[index]) <= epsilon, "\(name) #\(index): y \(String(describing: result?.y))")
                        }
                        predictor.update(Point(x: xs[index], y: ys[index]), at: seconds(ts[index]))
                    }
                case "validate-at":
                    predictor.reset()
                    let xs = numbers(step[1]), ys = numbers(step[2]), ts = numbers(step[3])
                    let predictionTimes = numbers(step[4]), expectedX = numbers(step[5]), expectedY = numbers(step[6])
                    var computed: [Point] = []
                    for index in ts.indices {
                        predictor.update(Point(x: xs[index], y: ys[index]), at: seconds(ts[index]))
                        guard predictor.hasPrediction else { continue }
                        let time = computed.count < predictionTimes.count ? predictionTimes[computed.count] : .nan
                        let result = predictor.prediction(at: seconds(time))
                        tally.check(result != nil, "\(name) #\(index): no prediction")
                        // EXPECT_GT(result->time_stamp, TimeTicks()): the prediction is stamped with its time.
                        tally.check(time > -Double.infinity, "\(name) #\(index): no time")
                        computed.append(result ?? Point(x: .nan, y: .nan))
                    }
                    tally.check(computed.count == expectedX.count, "\(name): \(computed.count) predictions")
                    guard computed.count == expectedX.count else { continue }
                    for index in computed.indices {
                        tally.check(abs(computed[index].x - expectedX[index]) <= epsilon, "\(name) prediction \(index): x \(computed[index].x)")
                        tally.check(abs(computed[index].y - expectedY[index]) <= epsilon, "\(name) prediction \(index): y \(computed[index].y)")
                    }
                case "predict-none":
                    tally.check(predictor.prediction(at: seconds(step[1].number)) == nil, "\(name): a prediction at \(step[1].number) ms")
                case "predict-some":
                    tally.check(predictor.prediction(at: seconds(step[1].number)) != nil, "\(name): no prediction at \(step[1].number) ms")
                case "filter":
                    var filter = KalmanFilter()
                    filter.update(step[1].number, dt: 8)
                    let observations = numbers(step[2]), positions = numbers(step[3])
                    let velocities = numbers(step[4]), accelerations = numbers(step[5])
                    for index in observations.indices {
                        filter.update(observations[index], dt: 8)
                        tally.check(abs(filter.position - positions[index]) <= filterEpsilon, "\(name) #\(index): position \(filter.position)")
                        tally.check(abs(filter.velocity - velocities[index]) <= filterEpsilon, "\(name) #\(index): velocity \(filter.velocity)")
                        tally.check(abs(filter.acceleration - accelerations[index]) <= filterEpsilon,
                                    "\(name) #\(index): acceleration \(filter.acceleration)")
                    }
                case "heuristic":
                    var plain = KalmanPredictor(), heuristic = KalmanPredictor(options: .heuristics)
                    let stabilizer = (numbers(step[1]), numbers(step[2]), numbers(step[3]))
                    for index in stabilizer.2.indices {
                        let point = Point(x: stabilizer.0[index], y: stabilizer.1[index])
                        plain.update(point, at: seconds(stabilizer.2[index]))
                        heuristic.update(point, at: seconds(stabilizer.2[index]))
                    }
                    let xs = numbers(step[4]), ys = numbers(step[5]), ts = numbers(step[6])
                    for index in ts.indices {
                        let point = Point(x: xs[index], y: ys[index])
                        if heuristic.hasPrediction && plain.hasPrediction {
                            let heuristicResult = heuristic.prediction(at: seconds(ts[index]))
                            let plainResult = plain.prediction(at: seconds(ts[index]))
                            tally.check(heuristicResult != nil, "\(name) #\(index): no heuristic prediction")
                            tally.check(plainResult != nil, "\(name) #\(index): no prediction")
                            if let heuristicResult, let plainResult {
                                tally.check((point - heuristicResult).length <= (point - plainResult).length, "\(name) #\(index): heuristic further")
                            } else {
                                tally.check(false, "\(name) #\(index): nothing to compare")
                            }
                        }
                        heuristic.update(point, at: seconds(ts[index]))
                        plain.update(point, at: seconds(ts[index]))
                    }
                default:
                    tally.check(false, "\(name): unknown step \(step[0].text)")
                }
            }
        }
        return tally
    }

    @Test func everyPredictorPassesChromiumsExpectations() throws {
        let suite = try JSONDecoder().decode(Suite.self, from: Data(contentsOf: Self.fixture))
        let tally = Self.run(suite)
        #expect(tally.failures == [])
        #expect(tally.total == 184)
        #expect(tally.passed == 184)
    }
}

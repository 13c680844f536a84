import Engine
@testable import Interaction
import Testing
@testable import Traces

/// The resampling mode is part of what a recording means: written into its header when on,
/// read back, and absent (off) in every header written without it.
@Suite("Resampling in the header")
struct ResamplingHeaderTests {
    static let window = Size(width: 800, height: 600)

    @Test func aModeIsWrittenOnlyWhenOnAndReadBack() throws {
        #expect(SessionConfiguration().json["resample"] == nil)
        var configuration = SessionConfiguration()
        configuration.resampling = .android
        #expect(configuration.json["resample"] == .string("android"))
        #expect(try SessionConfiguration(json: configuration.json, windowSize: Self.window).resampling == .android)
        #expect(try SessionConfiguration(json: SessionConfiguration().json, windowSize: Self.window).resampling == .off)
    }

    @Test func aPredictorAndItsHorizonAreWrittenOnlyWhenOnAndReadBack() throws {
        #expect(SessionConfiguration().json["predict"] == nil)
        var configuration = SessionConfiguration()
        configuration.prediction = .kalman
        configuration.predictionHorizon = 0.033
        #expect(configuration.json["predict"] == .string("kalman"))
        #expect(configuration.json["predict_horizon"] == .number(0.033))
        let read = try SessionConfiguration(json: configuration.json, windowSize: Self.window)
        #expect(read.prediction == .kalman)
        #expect(read.predictionHorizon == 0.033)
    }

    @Test func checkOverridesTheTracesPredictionAndChangesADecision() throws {
        // A person's fast pen stroke: predicting its pointer 16 ms ahead flings it past three rules.
        let path = packageRoot.appendingPathComponent("recordings/human/dollar1/s05-fast-v.json").path
        let plain = CorpusCheck.check(path: path, expected: nil)
        let predicted = CorpusCheck.check(path: path, overrides: ConfigurationOverrides(prediction: .linearFirst), expected: nil)
        #expect(plain.count == predicted.count)
        let passed = { (results: [CorpusCheck.Result]) in results.filter { if case .checked(_, let check) = $0 { check.passed } else { false } }.count }
        #expect(passed(plain) == plain.count)
        #expect(passed(predicted) < predicted.count)
    }

    @Test func anUnknownModeIsNamedWithTheChoices() {
        let bad = JSONValue.object([("resample", .string("ios"))])
        do {
            _ = try SessionConfiguration(json: bad, windowSize: Self.window)
            Issue.record("an unknown mode was accepted")
        } catch {
            #expect(error.message == "\"resample\" must be one of off, flutter, android")
        }
    }

    @Test func resamplingChangesWhenTheSessionSeesTheLift() throws {
        let events = try Trace.load(path: packageRoot.appendingPathComponent("recordings/swipe/flick-back-touch.json").path).events
        var configuration = SessionConfiguration()
        let off = HeadlessReplay.run(events, configuration: try configuration.resolve())
        configuration.resampling = .flutter
        let flutter = HeadlessReplay.run(events, configuration: try configuration.resolve())
        #expect(off.count == flutter.count)
        #expect(off.map(\.releasedAt) != flutter.map(\.releasedAt))
    }
}

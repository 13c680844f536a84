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
        let events = try Trace.load(path: packageRoot.appendingPathComponent("recordings/swipe/just-past-half.json").path).events
        var configuration = SessionConfiguration()
        let off = HeadlessReplay.run(events, configuration: try configuration.resolve())
        configuration.resampling = .flutter
        let flutter = HeadlessReplay.run(events, configuration: try configuration.resolve())
        #expect(off.count == flutter.count)
        #expect(off.map(\.releasedAt) != flutter.map(\.releasedAt))
    }
}

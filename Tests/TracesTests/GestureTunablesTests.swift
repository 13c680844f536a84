import Engine
@testable import Interaction
import Testing
@testable import Traces

/// The slops, the edge zone and the velocity stop rule are part of what a recording means: they
/// are written into its header, honoured on replay, and read as format 1.0's values from a header
/// written before they were recorded.
@Suite("Tunables in the header")
struct GestureTunablesTests {
    static let window = Size(width: 800, height: 600)

    static func header(_ configuration: SessionConfiguration) -> TraceHeader {
        TraceHeader(created: "2026-12-01T12:00:00Z", program: "gesture-lab test", windowSize: window, devices: [],
                    configuration: configuration)
    }

    @Test func aHeaderWithoutTunablesIsReadWithTheValuesOfFormatOnePointZero() throws {
        let old = JSONValue.object([("controllers", .array([.string("edge-pan")]))])
        let configuration = try SessionConfiguration(json: old, windowSize: Self.window)
        #expect(configuration.tunables == .formatOnePointZero)
        #expect(configuration.tunables == GestureTunables(edgeZoneWidth: 20, panSlop: 18, axisSlop: 8, scaleSlop: 18, velocityStopTime: 0.04))
    }

    @Test func tunablesAreWrittenIntoTheHeaderAndReadBack() throws {
        var configuration = SessionConfiguration(controllers: [.edgePan])
        configuration.tunables = GestureTunables(edgeZoneWidth: 12.5, panSlop: 20, axisSlop: 4, scaleSlop: 9, velocityStopTime: 0.06)
        let json = configuration.json
        #expect(json["tunables"] == .object([("edge_zone", .number(12.5)), ("pan_slop", .number(20)), ("axis_slop", .number(4)),
                                             ("scale_slop", .number(9)), ("velocity_stop", .number(0.06))]))
        #expect(try SessionConfiguration(json: json, windowSize: Self.window).tunables == configuration.tunables)
    }

    @Test func aNewRecordingIsFormatOnePointOne() {
        #expect(Self.header(SessionConfiguration()).version == "1.4")
    }

    @Test func anUnknownTunableOrAValueOutOfRangeIsNamed() {
        let unknown = JSONValue.object([("tunables", .object([("edge_width", .number(3))]))])
        #expect(throws: HeaderProblem.self) { try SessionConfiguration(json: unknown, windowSize: Self.window) }
        do {
            _ = try SessionConfiguration(json: unknown, windowSize: Self.window)
        } catch {
            #expect(error.message == "\"tunables\" has no \"edge_width\" (expected edge_zone, pan_slop, axis_slop, scale_slop, velocity_stop)")
        }
        let negative = JSONValue.object([("tunables", .object([("velocity_stop", .number(-0.5))]))])
        do {
            _ = try SessionConfiguration(json: negative, windowSize: Self.window)
            Issue.record("a negative stop time was accepted")
        } catch {
            #expect(error.message == "\"tunables\": velocity-stop must be a number of seconds in 0…10, got -0.5")
        }
    }

    @Test func theEdgeZoneDecidesWhetherAnEdgePanBegins() throws {
        // Recognised past the 8-point slop at x = 15: inside a 20-point zone, outside a 12-point one.
        let drag = horizontalDrag(startX: 5, distance: 300, steps: 60)
        let standard = try replay(drag) { $0.controllers = [.edgePan] }
        #expect(standard.count == 1)
        let narrow = try replay(drag) {
            $0.controllers = [.edgePan]
            $0.tunables.edgeZoneWidth = 12
        }
        #expect(narrow.isEmpty)
    }

    @Test func theAxisSlopDecidesWhetherAShortSwipeBegins() throws {
        let drag = horizontalDrag(startX: 400, distance: -20, steps: 10)
        #expect(try replay(drag).count == 1)
        #expect(try replay(drag) { $0.tunables.axisSlop = 25 }.isEmpty)
    }

    @Test func theVelocityStopRuleDecidesWhetherAReleaseAfterAPauseHasVelocity() throws {
        // 10 points every 16 ms (625 pt/s), then 50 ms still before the lift.
        let drag = horizontalDrag(startX: 600, distance: -200, steps: 20, hold: 0.05)
        let standard = try #require(try replay(drag).first)
        #expect(standard.velocityAtRelease == 0)
        let patient = try #require(try replay(drag) { $0.tunables.velocityStopTime = 0.06 }.first)
        #expect(abs(patient.velocityAtRelease - 625) < 1e-6)
    }

    @Test func aTraceIsReplayedWithTheTunablesItWasRecordedWith() throws {
        var configuration = SessionConfiguration(controllers: [.edgePan])
        configuration.tunables.edgeZoneWidth = 12
        let trace = Trace(header: Self.header(configuration), events: horizontalDrag(startX: 5, distance: 300, steps: 60))
        let reloaded = try Trace.load(bytes: Array(trace.text.utf8), file: "narrow-zone.json")
        #expect(reloaded.header.configuration.tunables.edgeZoneWidth == 12)
        #expect(HeadlessReplay.run(reloaded.events, configuration: try reloaded.header.configuration.resolve()).isEmpty)
    }

    @Test func aConfigurationWithATunableOutOfRangeIsRefused() {
        var configuration = SessionConfiguration()
        configuration.tunables.panSlop = .infinity
        #expect(throws: ConfigurationError(description: "pan-slop must be a number of points in 0…10000, got inf")) {
            try configuration.resolve()
        }
    }
}

import Engine
@testable import Interaction
import Testing
@testable import Traces

@Suite("Session configuration")
struct SessionConfigurationTests {
    @Test func theNewFieldsSurviveATraceHeader() throws {
        let configuration = SessionConfiguration(controllers: [.edgePan, .swipe, .pinch], operation: .tab, popOnRightToLeft: false,
                                                 edge: .top, pinchDirection: .pinchOut, tabCount: 5, selectedTab: 4)
        #expect(try SessionConfiguration(json: configuration.json, windowSize: configuration.windowSize) == configuration)
    }

    @Test func aHeaderWithoutTheNewFieldsGetsTheDefaults() throws {
        let old = JSONValue.object([("controllers", .array([.string("swipe")])), ("policy", .string("vctransitions"))])
        let configuration = try SessionConfiguration(json: old, windowSize: Size(width: 800, height: 600))
        #expect(configuration.operation == .dismiss)
        #expect(configuration.popOnRightToLeft)
        #expect(configuration.edge == .left)
        #expect(configuration.pinchDirection == .pinchIn)
    }

    @Test func everyCatalogedControllerResolves() throws {
        let resolved = try SessionConfiguration(controllers: ControllerKind.allCases).resolve()
        #expect(resolved.controllers.map(\.kind) == [.swipe, .verticalSwipe, .edgePan, .pan, .pinch])
    }

    @Test func anUnknownControllerIsNamedWithTheChoices() {
        #expect(throws: ConfigurationError(description: "unknown controller 'wobble' (expected one of: swipe, vertical-swipe, edge-pan, pan, pinch)")) {
            try ControllerKind.parse("wobble")
        }
        #expect(throws: ConfigurationError(description: "unknown controller 'pinhc' (did you mean 'pinch'?) (expected one of: swipe, vertical-swipe, edge-pan, pan, pinch)")) {
            try ControllerKind.parse("pinhc")
        }
    }

    @Test func aSelectedTabOutsideTheTabsIsRefused() {
        #expect(throws: ConfigurationError(description: "selected tab 3 must be one of the 3 tabs (0…2)")) {
            try SessionConfiguration(selectedTab: 3).resolve()
        }
    }
}

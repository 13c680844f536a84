@testable import SDLFront
import Testing

@Suite("HUD policy line")
struct HUDPolicyLineTests {
    @Test func theRulesNumbersWrapBetweenParameters() {
        #expect(HUD.wrapped("policy velocity-position:finish-velocity=650,position=0.5,cancel-velocity=-200", width: 67)
                == ["policy velocity-position:finish-velocity=650,position=0.5,", "cancel-velocity=-200"])
        #expect(HUD.wrapped("policy vctransitions (threshold=0.5)", width: 67) == ["policy vctransitions (threshold=0.5)"])
    }
}

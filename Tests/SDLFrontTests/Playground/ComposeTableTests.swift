@testable import SDLFront
import Testing

/// The playground window asks Xlib for an empty compose table, unless the person chose one.
@Suite("Compose table")
struct ComposeTableTests {
    @Test func withNoTableChosenTheWindowNamesTheEmptyOne() {
        #expect(ComposeTable.setting(current: nil) == "/dev/null")
    }

    @Test func aTableThePersonChoseIsKept() {
        #expect(ComposeTable.setting(current: "/home/someone/.XCompose") == nil)
        #expect(ComposeTable.setting(current: "") == nil)
    }
}

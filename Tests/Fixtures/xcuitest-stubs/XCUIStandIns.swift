// Stand-ins for the XCUITest API an exported UIKit test uses, so Linux's swiftc can type-check it
// (Tests/LabTests/ExportTestTests.swift): XCTest's UI types do not exist outside Apple's SDKs, so
// these only have the real signatures (XCUIAutomation's XCUIElement, XCUICoordinate,
// XCUIGestureVelocity; UIKit's UIScreen), and do nothing. XCTestCase and XCTAssertEqual are
// swift-corelibs-xctest's own. A type-check here says the test is valid Swift against those
// signatures, not that it runs: only an iOS simulator or device can run it.
import Foundation
import XCTest

struct CGVector {
    var dx: CGFloat
    var dy: CGFloat
    init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
}

struct XCUIGestureVelocity {
    var rawValue: CGFloat
    init(rawValue: CGFloat) { self.rawValue = rawValue }
}

@MainActor final class XCUICoordinate {
    func withOffset(_ offset: CGVector) -> XCUICoordinate { self }
    func press(forDuration duration: TimeInterval) {}
    func press(forDuration duration: TimeInterval, thenDragTo otherCoordinate: XCUICoordinate, withVelocity velocity: XCUIGestureVelocity,
               thenHoldForDuration holdDuration: TimeInterval) {}
}

@MainActor class XCUIElement {
    func coordinate(withNormalizedOffset normalizedOffset: CGVector) -> XCUICoordinate { XCUICoordinate() }
    func pinch(withScale scale: CGFloat, velocity: CGFloat) {}
}

@MainActor final class UIScreen {
    static let main = UIScreen()
    var scale: CGFloat { 3 }
}

/// The hook a user writes (here: nothing launched, nothing decided).
enum GestureLabApp {
    @MainActor static func launch(trace: String) -> XCUIElement { XCUIElement() }
    static func releases(trace: String, gesture: Int) -> [GestureLabRelease] { [] }
}

import Engine
import Foundation
import Interaction
import Testing
import Traces

@Suite("Importing $1 pen strokes")
struct ImportDollarOneTests {
    /// A stroke as the $1 logs write it (with their byte order mark): four points, the middle two at the same time.
    static let stroke = "\u{FEFF}" + """
    <?xml version="1.0" encoding="utf-8" standalone="yes"?>
    <Gesture Name="line01" Subject="9" Speed="fast" Number="1" NumPts="4" Millseconds="30" AppName="Gestures" AppVer="3.5.0.0">
      <Point X="100" Y="200" T="5000" />
      <Point X="110" Y="205" T="5010" />
      <Point X="130" Y="210" T="5010" />
      <Point X="160" Y="220" T="5030" />
    </Gesture>
    """

    static func imported(_ text: String, scale: Double = 1) throws -> ImportedTrace {
        var options = ImportFixture.options
        options.strokeScale = scale
        return try DollarOneImporter.importTrace(bytes: ImportFixture.bytes(text), file: "stroke.xml", options: options)
    }

    static func pen(_ phase: PointerPhase, _ x: Double, _ y: Double, _ time: Double) -> PointerEvent {
        PointerEvent(pointerID: 1, kind: .pen, phase: phase, position: Point(x: x, y: y), timestamp: time)
    }

    @Test func aStrokeBecomesOnePenPointerCentredInTheWindow() throws {
        let imported = try Self.imported(Self.stroke)
        #expect(imported.trace.events == [
            Self.pen(.down, 370, 290, 0), Self.pen(.move, 380, 295, 0.01), Self.pen(.move, 400, 300, 0.01),
            Self.pen(.move, 430, 310, 0.03), Self.pen(.up, 430, 310, 0.03),
        ])
        let header = imported.trace.header
        #expect(header.devices == [TraceHeader.Device(kind: .pen, name: "$1 gesture log pen", axes: ["x": 100...160, "y": 200...220])])
        #expect(header.notes == "$1 gesture line01 by subject 9 at fast speed")
        #expect(header.clock == "$1 log time T (milliseconds)")
        #expect(header.history == ["imported from $1 stroke stroke.xml: 4 points over 30 ms, scale 1"])
        #expect(imported.statistics == ImportStatistics(sourceFrames: 4, contacts: 1, mostContactsAtOnce: 1, framesByContactCount: [1: 3, 0: 1]))
        #expect(try ImportFixture.writtenAndReloaded(imported.trace) == imported.trace)
    }

    @Test func theScaleGrowsTheStrokeAboutTheWindowCentre() throws {
        let imported = try Self.imported(Self.stroke, scale: 2)
        #expect(imported.trace.events.map(\.position) == [
            Point(x: 340, y: 280), Point(x: 360, y: 290), Point(x: 400, y: 300), Point(x: 460, y: 320), Point(x: 460, y: 320),
        ])
    }

    @Test func theLastPointIsAMoveSoTheVelocityAtTheLiftSeesIt() throws {
        // 10 px every 10 ms, then 40 px in the last 10 ms: the lift must report the late speed-up.
        let text = Self.gesture("""
            <Point X="100" Y="200" T="0" />
            <Point X="110" Y="200" T="10" />
            <Point X="120" Y="200" T="20" />
            <Point X="160" Y="200" T="30" />
            """)
        let events = try Self.imported(text).trace.events
        #expect(events.suffix(2).map(\.phase) == [.move, .up])
        var tracker = VelocityEstimator.androidLSQ2.makeTracker()
        for event in events where event.phase != .up { tracker.addSample(event.position, at: event.timestamp) }
        let lift = try #require(events.last)
        #expect(tracker.releaseVelocity(at: lift.timestamp).x > 2000)
    }

    static func gesture(_ points: String, attributes: String = "") -> String {
        "<Gesture Name=\"g\"\(attributes)>\n\(points)\n</Gesture>\n"
    }

    @Test(arguments: [
        ("", "stroke.xml: the file holds no XML element"),
        ("<Foo/>", "stroke.xml:1: the root element is <Foo>, expected <Gesture> (a $1 gesture log)"),
        (gesture("<Point X=\"1\" Y=\"2\" T=\"3\" />"), "stroke.xml:1: a stroke needs at least 2 points, found 1"),
        (gesture("<Point X=\"1\" Y=\"2\" T=\"3\" />\n<Point X=\"1\" Y=\"2\" />"), "stroke.xml:3: <Point> has no T attribute"),
        (gesture("<Point X=\"1\" Y=\"2\" T=\"3\" />\n<Point X=\"1\" Y=\"2\" T=\"2\" />"), "stroke.xml:3: T=2 goes back in time after T=3 on line 2"),
        (gesture("<Point X=\"left\" Y=\"2\" T=\"3\" />"), "stroke.xml:2: X=\"left\" is not a number of pixels"),
        (gesture("<Point X=\"1\" Y=\"2\" T=\"3.5\" />"), "stroke.xml:2: T '3.5' is not a whole number"),
        (gesture("<Point X=\"1\" Y=\"2\" T=\"3\" />\n<Point X=\"1\" Y=\"2\" T=\"4\" />", attributes: " NumPts=\"3\""), "stroke.xml:1: NumPts=\"3\" but the gesture holds 2 <Point> elements"),
        (gesture("<Dot X=\"1\" Y=\"2\" T=\"3\" />"), "stroke.xml:2: unexpected element <Dot> inside <Gesture> (expected <Point>)"),
        (gesture("<Point X=\"1\" Y=\"2\" T=\"3\">"), "stroke.xml:3: the end tag </Gesture> does not match <Point> (opened on line 2)"),
        (gesture("hello"), "stroke.xml:2: unexpected text 'hello' inside <Gesture> (only elements belong there)"),
        (gesture("<Point X=\"1\" X=\"2\" />"), "stroke.xml:2: <Point> has the attribute X twice"),
        (gesture("<Point X=1 />"), "stroke.xml:2: the value of X in <Point> must be in quotes, found '1'"),
        (gesture("<Point X=\"&nbsp;\" />"), "stroke.xml:2: unknown entity '&nbsp;'"),
        ("<!DOCTYPE Gesture [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><Gesture/>", "stroke.xml:1: a DOCTYPE is not supported (these files need none)"),
        ("<Gesture>\n<Point X=\"1\"", "stroke.xml:2: the file ends inside the start tag <Point> (opened on line 2)"),
        ("<Gesture>\n", "stroke.xml:2: the file ends inside <Gesture> (opened on line 1)"),
        ("<Gesture/>\n<Gesture/>", "stroke.xml:2: unexpected '<' after the root element <Gesture>"),
        ("<!-- never closed\n<Gesture/>", "stroke.xml:1: a comment that never ends (no '-->')"),
        (String(repeating: "<a>", count: 40), "stroke.xml:1: elements nested deeper than 32 levels"),
    ])
    func badStrokesAreRejectedNamingTheLine(text: String, message: String) {
        #expect(ImportFixture.error { _ = try Self.imported(text) }?.description == message)
    }

    @Test("elements nested 32 deep are read (the root is the first); 33 are refused at the 33rd")
    func nestingAtTheLimitAndOnePast() {
        func nested(_ levels: Int) -> String {
            String(repeating: "<a>\n", count: levels) + String(repeating: "</a>\n", count: levels)
        }
        // At the limit the reader reads it all, and the importer finds no <Gesture>.
        #expect(ImportFixture.error { _ = try Self.imported(nested(32)) }?.description
                == "stroke.xml:1: the root element is <a>, expected <Gesture> (a $1 gesture log)")
        #expect(ImportFixture.error { _ = try Self.imported(nested(33)) }?.description == "stroke.xml:33: elements nested deeper than 32 levels")
    }

    @Test func entitiesInAttributesAreDecoded() throws {
        let text = Self.gesture("<Point X=\"1\" Y=\"2\" T=\"3\" />\n<Point X=\"3\" Y=\"4\" T=\"5\" />", attributes: " Subject=\"A&amp;B &#x263A;\"")
        #expect(try Self.imported(text).trace.header.notes == "$1 gesture g by subject A&B ☺")
    }
}

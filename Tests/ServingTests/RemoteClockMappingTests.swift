import Serving
import Testing

/// The phone's event times on the window's clock (times in binary fractions, so sums are exact).
@Suite("Remote clock mapping")
struct RemoteClockMappingTests {
    @Test("the first batch's newest touch is placed at its arrival; every touch keeps the phone's intervals")
    func firstBatchOffset() {
        var mapping = RemoteClockMapping(playoutDelay: 0)
        #expect(mapping.windowTimes(of: [5.0, 5.125, 5.25], stream: "a", receivedAt: 100.5) == [100.25, 100.375, 100.5])
        #expect(mapping.windowTimes(of: [5.375], stream: "a", receivedAt: 100.75) == [100.625])
        #expect(mapping.windowTimes(of: [5.5, 5.625], stream: "a", receivedAt: 101.0) == [100.75, 100.875])
    }

    @Test("a batch whose newest touch would map after the batch's arrival lowers the offset to put it there")
    func neverAfterArrival() {
        var mapping = RemoteClockMapping(playoutDelay: 0)
        #expect(mapping.windowTimes(of: [1.0], stream: "a", receivedAt: 10.5) == [10.5])
        #expect(mapping.windowTimes(of: [1.25, 1.5], stream: "a", receivedAt: 10.75) == [10.5, 10.75])
        #expect(mapping.windowTimes(of: [1.75], stream: "a", receivedAt: 11.5) == [11.0])
    }

    @Test("mapped times never go back, even when the phone's do or the offset drops")
    func monotone() {
        var mapping = RemoteClockMapping(playoutDelay: 0)
        #expect(mapping.windowTimes(of: [2.0], stream: "a", receivedAt: 10.0) == [10.0])
        #expect(mapping.windowTimes(of: [1.5], stream: "a", receivedAt: 10.25) == [10.0])
        #expect(mapping.windowTimes(of: [3.0, 2.5], stream: "a", receivedAt: 10.5) == [10.5, 10.5])
        #expect(mapping.windowTimes(of: [], stream: "a", receivedAt: 11) == [])
    }

    @Test("the playout delay: touches wait up to twice it, intervals kept; past that the offset drops just enough")
    func playoutDelay() {
        var mapping = RemoteClockMapping(playoutDelay: 0.25)
        #expect(mapping.windowTimes(of: [5.0, 5.125], stream: "a", receivedAt: 100.5) == [100.625, 100.75])
        #expect(mapping.windowTimes(of: [5.25], stream: "a", receivedAt: 101.0) == [100.875])
        #expect(mapping.windowTimes(of: [5.5], stream: "a", receivedAt: 100.75) == [101.125])
        #expect(mapping.windowTimes(of: [6.0], stream: "a", receivedAt: 101.0) == [101.5])
        #expect(mapping.windowTimes(of: [6.125], stream: "a", receivedAt: 101.5) == [101.625])
    }

    @Test("a new stream starts from its own first batch, still never before the last time")
    func newStream() {
        var mapping = RemoteClockMapping(playoutDelay: 0)
        #expect(mapping.windowTimes(of: [50.0], stream: "a", receivedAt: 10.0) == [10.0])
        #expect(mapping.windowTimes(of: [0.25], stream: "b", receivedAt: 12.0) == [12.0])
        #expect(mapping.windowTimes(of: [0.5], stream: "b", receivedAt: 12.5) == [12.25])
        #expect(mapping.windowTimes(of: [0.0], stream: "c", receivedAt: 12.0) == [12.25])
    }
}

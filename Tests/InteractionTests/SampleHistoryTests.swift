import Engine
@testable import Interaction
import Testing

/// The ring buffer behind the velocity trackers keeps exactly the samples the references keep,
/// however often it wraps.
@Suite("Sample history ring")
struct SampleHistoryTests {
    /// A sample at `time` µs, at x = `time` points.
    static func sample(_ time: Int64) -> TimedSample { TimedSample(position: Point(x: Double(time), y: 0), time: time) }

    @Test func aFullHistoryKeepsTheNewestSamplesOldestFirstAcrossManyWraps() {
        var history = SampleHistory(capacity: 4, replacesSameTime: false)
        for time in 1...11 { history.append(Self.sample(Int64(time))) }
        #expect(history.samples.map(\.time) == [8, 9, 10, 11])
        #expect(history.count == 4)
        #expect(history.newest?.time == 11)
    }

    @Test func droppingOldSamplesKeepsThoseWithinTheHorizonOfTheNewest() {
        var history = SampleHistory(capacity: 4, replacesSameTime: false)
        for time: Int64 in [10, 20, 30, 40, 50, 60] { history.append(Self.sample(time)) }
        history.dropOlder(than: 15)
        #expect(history.samples.map(\.time) == [50, 60])
        history.append(Self.sample(70))
        history.append(Self.sample(80))
        history.append(Self.sample(90))
        #expect(history.samples.map(\.time) == [60, 70, 80, 90])
        history.dropOlder(than: -1)
        #expect(history.samples.isEmpty)
        #expect(history.newest == nil)
    }

    @Test func aSampleAtTheNewestTimeReplacesItOnlyWhenTheRuleSaysSo() {
        var android = SampleHistory(capacity: 3, replacesSameTime: true)
        var flutter = SampleHistory(capacity: 3, replacesSameTime: false)
        for sample in [Self.sample(1), Self.sample(2), TimedSample(position: Point(x: 7, y: 7), time: 2)] {
            android.append(sample)
            flutter.append(sample)
        }
        #expect(android.samples == [Self.sample(1), TimedSample(position: Point(x: 7, y: 7), time: 2)])
        #expect(flutter.samples == [Self.sample(1), Self.sample(2), TimedSample(position: Point(x: 7, y: 7), time: 2)])
    }

    @Test func historiesWithTheSameSamplesAreEqualWhereverTheRingHoldsThem() {
        var wrapped = SampleHistory(capacity: 3, replacesSameTime: false)
        for time: Int64 in 1...5 { wrapped.append(Self.sample(time)) }
        var fresh = SampleHistory(capacity: 3, replacesSameTime: false)
        for time: Int64 in 3...5 { fresh.append(Self.sample(time)) }
        #expect(wrapped == fresh)
        #expect(wrapped.hashValue == fresh.hashValue)
        fresh.removeAll()
        #expect(wrapped != fresh)
    }
}

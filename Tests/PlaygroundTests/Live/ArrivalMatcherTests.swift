@testable import Playground
import Testing

@Suite("Arrival matcher and server clock")
struct ArrivalMatcherTests {
    @Test func aStampIsClaimedOnlyByItsOwnEvent() {
        var matcher = ArrivalMatcher<Int>()
        matcher.stamp(1, at: 0.010)
        matcher.stamp(99, at: 0.011)  // an internal event nobody will claim
        matcher.stamp(2, at: 0.012)
        #expect(matcher.claim(2) == 0.012)
        #expect(matcher.claim(1) == 0.010)
        #expect(matcher.claim(3) == nil)
        #expect(matcher.heldCount == 1)
    }

    @Test func identicalEventsAreClaimedOldestFirst() {
        var matcher = ArrivalMatcher<Int>()
        matcher.stamp(7, at: 1)
        matcher.stamp(7, at: 2)
        #expect(matcher.claim(7) == 1)
        #expect(matcher.claim(7) == 2)
        #expect(matcher.claim(7) == nil)
    }

    @Test func unclaimedStampsAreForgottenByAgeAndByDepth() {
        var byAge = ArrivalMatcher<Int>(maximumAge: 10, capacity: 1000)
        byAge.stamp(1, at: 0)
        byAge.stamp(2, at: 10.5)
        #expect(byAge.claim(1) == nil)
        #expect(byAge.heldCount == 1)
        var byDepth = ArrivalMatcher<Int>(maximumAge: 10, capacity: 3)
        for identity in 0..<10 { byDepth.stamp(identity, at: Double(identity) * 0.001) }
        #expect(byDepth.heldCount == 3)
        #expect(byDepth.claim(6) == nil)
        #expect(byDepth.claim(7) == 0.007)
    }

    @Test func claimedStampsDoNotCountAgainstTheOnesStillHeld() {
        var matcher = ArrivalMatcher<Int>(maximumAge: 10, capacity: 4)
        for identity in 0..<100_000 {
            matcher.stamp(identity, at: Double(identity) * 1e-5)
            #expect(matcher.claim(identity) == Double(identity) * 1e-5)
        }
        #expect(matcher.heldCount == 0)
    }

    @Test func theServerClockIsMappedWithTheSmallestDelaySeen() {
        var mapping = ServerClockMapping(window: 30)
        // Server milliseconds 1000, 1020, 1040 received 5, 1 and 9 ms late on a clock 50 s ahead.
        #expect(mapping.arrival(serverMilliseconds: 1000, receivedAt: 51.005) == 51.005)
        let second = mapping.arrival(serverMilliseconds: 1020, receivedAt: 51.021)
        #expect(abs(second - 51.021) < 1e-9)
        let third = mapping.arrival(serverMilliseconds: 1040, receivedAt: 51.049)
        #expect(abs(third - 51.041) < 1e-9)
    }

    @Test func theServersMillisecondCounterWrapsAround() {
        var mapping = ServerClockMapping(window: 30)
        _ = mapping.arrival(serverMilliseconds: UInt32.max - 9, receivedAt: 10.000)
        let after = mapping.arrival(serverMilliseconds: 10, receivedAt: 10.030)
        #expect(abs(after - 10.020) < 1e-9)
    }
}

@Suite("Server clock on the system's monotonic clock")
struct SameClockMappingTests {
    @Test func aLocalServersStampGivesTheEventsAgeToTheMillisecond() {
        var mapping = ServerClockMapping()
        // Stamped at 5,000 ms (mid-millisecond 5,000.5), read 12.3 ms later, window clock at 2 s.
        let arrival = mapping.arrival(serverMilliseconds: 5000, receivedAt: 2, monotonicMilliseconds: 5012.8)
        #expect(abs(arrival - (2 - 0.0123)) < 1e-9)
    }

    @Test func aServerOnAnotherClockFallsBackToTheSmallestDelay() {
        var mapping = ServerClockMapping()
        // The server says 10 s while the monotonic clock says 5,000 s: not the same clock.
        #expect(mapping.arrival(serverMilliseconds: 10_000, receivedAt: 51.005, monotonicMilliseconds: 5_000_000) == 51.005)
        let next = mapping.arrival(serverMilliseconds: 10_020, receivedAt: 51.030, monotonicMilliseconds: 5_000_025)
        #expect(abs(next - 51.025) < 1e-9)
    }

    @Test func theMonotonicCounterWrapsAsTheServersDoes() {
        var mapping = ServerClockMapping()
        // 2^32 ms of uptime later both counters have wrapped; the age is still 3 ms (+0.5).
        let monotonic = Double(UInt64(1) << 32) + 2.5
        let arrival = mapping.arrival(serverMilliseconds: UInt32.max, receivedAt: 7, monotonicMilliseconds: monotonic)
        #expect(abs(arrival - (7 - 0.003)) < 1e-9)
    }
}

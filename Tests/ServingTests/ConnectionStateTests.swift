import Serving
import Testing

/// The server's connection rules as values: deadlines per phase and which connection a new one
/// closes when every slot is taken.
@Suite("Serve: connection deadlines and slots")
struct ConnectionStateTests {
    static let limits = ConnectionLimits.standard

    @Test("the standard limits: 256 slots, 64 accepts a turn, 5 s for a head, 64 KiB/s bodies plus 5 s, 10 s for an answer")
    func standardLimits() {
        #expect(Self.limits == ConnectionLimits(slots: 256, acceptsPerTurn: 64, headSeconds: 5, bodyGraceSeconds: 5,
                                                minimumBodyBytesPerSecond: 65_536, answerSeconds: 10))
        // Others' connections hold at most a head each: 24 KiB, 6 MiB for every slot.
        let head = HTTPLimits.standard.requestLineBytes + HTTPLimits.standard.headerBytes
        #expect(head == 24 << 10)
        #expect(head * Self.limits.slots == 6 << 20)
    }

    @Test("a head is due 5 s after the connection was accepted, however often bytes trickle in")
    func headDeadline() {
        var state = ConnectionState(acceptedAt: 10, sequence: 0)
        state.received(at: 12)
        state.received(at: 14.5)
        #expect(state.deadline(Self.limits) == (15, .head))
        #expect(state.allowedSeconds(Self.limits) == 5)
        #expect(state.lastActivity == 14.5)
        #expect(!state.hasShownToken)
    }

    @Test("a body is due at 64 KiB/s plus 5 s from its head: an 8 MiB body 133 s, an empty one 5 s")
    func bodyDeadline() {
        var state = ConnectionState(acceptedAt: 10, sequence: 0)
        state.headCompleted(bodyLength: 8 << 20, at: 12)
        #expect(state.deadline(Self.limits) == (145, .body))
        #expect(state.allowedSeconds(Self.limits) == 133)
        #expect(state.hasShownToken)
        var empty = ConnectionState(acceptedAt: 10, sequence: 1)
        empty.headCompleted(bodyLength: 0, at: 10.25)
        #expect(empty.deadline(Self.limits) == (15.25, .body))
    }

    @Test("an answer must be taken within 10 s of its start")
    func answerDeadline() {
        var state = ConnectionState(acceptedAt: 10, sequence: 0)
        state.answering(at: 11)
        #expect(state.deadline(Self.limits) == (21, .answer))
    }

    @Test("at each deadline itself a connection is in time; just past it, it is late with its phase")
    func latenessAtEachDeadlineAndJustPast() {
        let head = ConnectionState(acceptedAt: 10, sequence: 0)
        #expect(head.lateness(at: 15, Self.limits) == nil)
        #expect(head.lateness(at: 15.0.nextUp, Self.limits) == .head)
        var body = ConnectionState(acceptedAt: 10, sequence: 0)
        body.headCompleted(bodyLength: 8 << 20, at: 12)
        #expect(body.lateness(at: 145, Self.limits) == nil)
        #expect(body.lateness(at: 145.0.nextUp, Self.limits) == .body)
        var answer = ConnectionState(acceptedAt: 10, sequence: 0)
        answer.answering(at: 11)
        #expect(answer.lateness(at: 21, Self.limits) == nil)
        #expect(answer.lateness(at: 21.0.nextUp, Self.limits) == .answer)
    }

    @Test("activity never goes back in time")
    func activityIsMonotonic() {
        var state = ConnectionState(acceptedAt: 10, sequence: 0)
        state.received(at: 13)
        state.received(at: 11)
        #expect(state.lastActivity == 13)
    }

    @Test("a new connection closes the one idle the longest among those without the token; the older on a tie")
    func idlestWithoutTheTokenIsClosed() {
        var recent = ConnectionState(acceptedAt: 1, sequence: 0)
        recent.received(at: 3)
        let idle = ConnectionState(acceptedAt: 2, sequence: 1)
        var holder = ConnectionState(acceptedAt: 0, sequence: 2)
        holder.headCompleted(bodyLength: 10, at: 0)
        #expect(ConnectionState.idlestEvictable(in: [recent, idle, holder]) == 1)
        let sameInstantOlder = ConnectionState(acceptedAt: 2, sequence: 3)
        let sameInstantNewer = ConnectionState(acceptedAt: 2, sequence: 4)
        #expect(ConnectionState.idlestEvictable(in: [sameInstantNewer, holder, sameInstantOlder]) == 2)
    }

    @Test("an answered connection without the token can be closed; one that showed it, never")
    func answeredWithoutTheTokenIsEvictable() {
        var refused = ConnectionState(acceptedAt: 5, sequence: 0)
        refused.answering(at: 5)
        var served = ConnectionState(acceptedAt: 0, sequence: 1)
        served.showedToken()
        served.answering(at: 0)
        #expect(ConnectionState.idlestEvictable(in: [served, refused]) == 1)
        #expect(ConnectionState.idlestEvictable(in: [served]) == nil)
        #expect(ConnectionState.idlestEvictable(in: []) == nil)
    }
}

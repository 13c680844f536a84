@testable import Interaction
import Testing

/// The referee on its own: Flutter's rules, member by member.
@Suite("Gesture arena")
struct GestureArenaTests {
    /// An arena for pointer 7 with members 0, 1 and 2, closed.
    static func closedArena() -> GestureArena {
        var arena = GestureArena()
        for member in 0..<3 { arena.add(member, competingFor: 7) }
        #expect(arena.close(7).isEmpty)
        return arena
    }

    @Test func theFirstClaimWinsAndEveryOtherMemberIsToldItLost() {
        var arena = Self.closedArena()
        #expect(arena.resolve(7, by: 1, .accepted) == [.lost(member: 0, pointer: 7), .lost(member: 2, pointer: 7), .won(member: 1, pointer: 7)])
        #expect(arena.state(of: 7) == nil)
    }

    @Test func aLaterClaimOnASettledArenaChangesNothing() {
        var arena = Self.closedArena()
        _ = arena.resolve(7, by: 1, .accepted)
        #expect(arena.resolve(7, by: 2, .accepted).isEmpty)
    }

    @Test func theLastMemberNotToGiveUpWins() {
        var arena = Self.closedArena()
        #expect(arena.resolve(7, by: 0, .rejected) == [.lost(member: 0, pointer: 7)])
        #expect(arena.resolve(7, by: 2, .rejected) == [.lost(member: 2, pointer: 7), .won(member: 1, pointer: 7)])
    }

    @Test func aLoneMemberWinsWhenTheArenaCloses() {
        var arena = GestureArena()
        arena.add(4, competingFor: 1)
        #expect(arena.state(of: 1) == .open)
        #expect(arena.close(1) == [.won(member: 4, pointer: 1)])
    }

    @Test func aClaimWhileOpenWinsWhenTheArenaCloses() {
        var arena = GestureArena()
        arena.add(0, competingFor: 1)
        arena.add(1, competingFor: 1)
        #expect(arena.resolve(1, by: 1, .accepted).isEmpty)
        #expect(arena.close(1) == [.lost(member: 0, pointer: 1), .won(member: 1, pointer: 1)])
    }

    @Test func anArenaNobodyJoinedLeavesNothingBehind() {
        var arena = GestureArena()
        #expect(arena.close(3).isEmpty)
        #expect(arena.state(of: 3) == nil)
    }

    @Test func atTheLiftTheFirstMemberLeftWins() {
        var arena = Self.closedArena()
        #expect(arena.sweep(7) == [.won(member: 0, pointer: 7), .lost(member: 1, pointer: 7), .lost(member: 2, pointer: 7)])
        #expect(arena.members(competingFor: 7).isEmpty)
    }

    @Test func aMemberThatGivesUpLeavesEveryArena() {
        var arena = GestureArena()
        for pointer in [1, 2] {
            arena.add(0, competingFor: pointer)
            arena.add(1, competingFor: pointer)
            arena.add(2, competingFor: pointer)
            _ = arena.close(pointer)
        }
        #expect(arena.resolveEverywhere(by: 1, .rejected) == [.lost(member: 1, pointer: 1), .lost(member: 1, pointer: 2)])
        #expect(arena.members(competingFor: 1) == [0, 2])
        #expect(arena.members(competingFor: 2) == [0, 2])
    }

    @Test func aClaimEverywhereWinsEveryArenaTheMemberIsIn() {
        var arena = GestureArena()
        for pointer in [1, 2] {
            arena.add(0, competingFor: pointer)
            arena.add(1, competingFor: pointer)
            _ = arena.close(pointer)
        }
        #expect(arena.resolveEverywhere(by: 1, .accepted)
            == [.lost(member: 0, pointer: 1), .won(member: 1, pointer: 1), .lost(member: 0, pointer: 2), .won(member: 1, pointer: 2)])
    }

    @Test func theEdgeStripComesBeforeThePageInHitTestOrder() {
        #expect(HitTestLayer.edgeStrip < HitTestLayer.page)
    }
}

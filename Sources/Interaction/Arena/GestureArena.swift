/// The referee that decides, pointer by pointer, which one member gets each pointer, the way
/// Flutter's `GestureArenaManager` does: the first member to claim wins, the last member not
/// to give up wins, and at the pointer's lift the first member left wins.
///
/// Members are numbers (the session's controller indices); every ruling comes back as notices
/// for the caller to deliver, in a fixed order, so the same events always give the same winner.
struct GestureArena: Hashable, Sendable {
    private var arenas: [Int: PointerArena] = [:]

    /// The members competing for `pointer`, in hit-test order; empty once it is settled.
    func members(competingFor pointer: Int) -> [Int] {
        arenas[pointer]?.members ?? []
    }

    /// The state of `pointer`'s arena, or nil when there is none (never opened, or settled).
    func state(of pointer: Int) -> ArenaState? {
        arenas[pointer]?.state
    }

    /// Adds `member` to the arena of `pointer`, opening it if needed.
    mutating func add(_ member: Int, competingFor pointer: Int) {
        var arena = arenas[pointer] ?? PointerArena()
        guard arena.state == .open, !arena.members.contains(member) else { return }
        arena.members.append(member)
        arenas[pointer] = arena
    }

    /// Stops `pointer`'s arena taking members (after its down event was offered to all) and
    /// settles it if it can be settled already.
    mutating func close(_ pointer: Int) -> [ArenaNotice] {
        guard var arena = arenas[pointer] else { return [] }
        arena.state = .closed
        arenas[pointer] = arena
        return settleIfDecided(pointer)
    }

    /// Records `member`'s claim on, or rejection of, `pointer`. Resolving a settled arena does
    /// nothing, as in Flutter.
    mutating func resolve(_ pointer: Int, by member: Int, _ disposition: GestureDisposition) -> [ArenaNotice] {
        guard var arena = arenas[pointer], arena.members.contains(member) else { return [] }
        switch disposition {
        case .rejected:
            arena.members.removeAll { $0 == member }
            if arena.eagerWinner == member { arena.eagerWinner = nil }
            arenas[pointer] = arena
            let notice = ArenaNotice.lost(member: member, pointer: pointer)
            return arena.state == .closed ? [notice] + settleIfDecided(pointer) : [notice]
        case .accepted:
            if arena.state == .open {
                arena.eagerWinner = arena.eagerWinner ?? member
                arenas[pointer] = arena
                return []
            }
            return settle(pointer, inFavourOf: member)
        }
    }

    /// Settles `pointer`'s arena at its lift: the first member left wins.
    mutating func sweep(_ pointer: Int) -> [ArenaNotice] {
        guard let arena = arenas.removeValue(forKey: pointer), let first = arena.members.first else { return [] }
        return [.won(member: first, pointer: pointer)] + arena.members.dropFirst().map { .lost(member: $0, pointer: pointer) }
    }

    /// Records `member`'s claim on, or rejection of, every pointer whose arena it is in, in
    /// ascending pointer order (Flutter's `OneSequenceGestureRecognizer.resolve`).
    mutating func resolveEverywhere(by member: Int, _ disposition: GestureDisposition) -> [ArenaNotice] {
        arenas.keys.sorted().flatMap { resolve($0, by: member, disposition) }
    }

    private mutating func settleIfDecided(_ pointer: Int) -> [ArenaNotice] {
        guard let arena = arenas[pointer], arena.state == .closed else { return [] }
        if arena.members.isEmpty {
            arenas[pointer] = nil
            return []
        }
        if arena.members.count == 1 { return settle(pointer, inFavourOf: arena.members[0]) }
        if let eagerWinner = arena.eagerWinner { return settle(pointer, inFavourOf: eagerWinner) }
        return []
    }

    private mutating func settle(_ pointer: Int, inFavourOf winner: Int) -> [ArenaNotice] {
        guard let arena = arenas.removeValue(forKey: pointer) else { return [] }
        let losers = arena.members.filter { $0 != winner }.map { ArenaNotice.lost(member: $0, pointer: pointer) }
        return losers + [.won(member: winner, pointer: pointer)]
    }
}

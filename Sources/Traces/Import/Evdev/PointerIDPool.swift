import Interaction

/// Hands out pointer ids to contacts: the smallest id from 1 up that is not in use, so that
/// fingers are 1, 2, … while down and ids are reused once lifted (the trace format's rule).
struct PointerIDPool: Hashable {
    private var inUse: Set<Int> = []

    /// Takes the smallest free id.
    mutating func take() -> Int {
        var id = 1
        while inUse.contains(id) { id += 1 }
        inUse.insert(id)
        return id
    }

    /// Gives `id` back.
    mutating func release(_ id: Int) {
        inUse.remove(id)
    }
}

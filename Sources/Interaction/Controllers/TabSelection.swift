import Engine

/// The tabs of a tab bar controller and the one selected, for swipes between neighbours
/// (VCTransitionsLibrary changes `selectedIndex` by one, and does nothing past the ends).
struct TabSelection: Hashable, Sendable {
    /// A neighbour of the selected tab.
    enum Neighbour: Hashable, Sendable {
        /// The tab to the right (a right-to-left swipe).
        case next
        /// The tab to the left (a left-to-right swipe).
        case previous
    }

    /// How many tabs there are (at least 1).
    let count: Int
    /// The selected tab, 0-based.
    private(set) var selected: Int
    /// The tab a transition in progress is going to.
    private(set) var target: Int?

    /// Creates a selection of `count` tabs with `selected` selected.
    init(count: Int, selected: Int) {
        self.count = max(count, 1)
        self.selected = min(max(selected, 0), self.count - 1)
    }

    /// Aims at `neighbour`; false, aiming nowhere, when there is no such tab.
    mutating func choose(_ neighbour: Neighbour) -> Bool {
        let index = neighbour == .next ? selected + 1 : selected - 1
        guard index >= 0, index < count else { return false }
        target = index
        return true
    }

    /// The transition came to rest: a finished one selects the target.
    mutating func settle(_ outcome: TransitionOutcome) {
        if outcome == .finished, let target { selected = target }
        target = nil
    }
}

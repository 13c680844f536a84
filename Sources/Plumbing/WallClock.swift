import FoundationEssentials

/// The wall clock a command or the window reads for the dates it writes (an imported trace's
/// `created`, a bench report's date, a recording's name): given as a value, so a test or an
/// embedding program sets the time.
package protocol WallClock: Sendable {
    /// The date and time now.
    func now() -> Date
}

/// The system's wall clock.
package struct SystemWallClock: WallClock {
    /// The system clock.
    package init() {}
    /// `Date()`.
    package func now() -> Date { Date() }
}

/// A wall clock that always says the same time, for tests.
package struct FixedWallClock: WallClock {
    /// The time it says.
    package let date: Date
    /// A clock stopped at `date`.
    package init(_ date: Date) { self.date = date }
    /// `date`.
    package func now() -> Date { date }
}
